// The two Chromium builds the tests use, both Debian's (no browser download works here).
//
// The journeys run in Chromium's headless shell, the build made for automation (Playwright's own
// choice for headless runs): in the full browser's headless mode the browser and GPU processes drew
// frames nobody looks at, and the same 30 journeys took 5.6 minutes instead of 3.8 (docs/testing.md).
// Lighthouse measures pages as people get them, so the budgets use the full browser.

/** The full browser: Lighthouse's budgets. */
export const fullBrowser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The headless shell: every journey. */
export const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

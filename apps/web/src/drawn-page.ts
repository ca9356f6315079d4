/**
 * The first code of a page the server drew (decision 050), and all of it until the page has shown.
 *
 * The page shows without the app: its words, photos and links are there. The app's code (main.tsx,
 * 144 kB gzipped) is asked for only once the page has loaded and painted, so on a phone's network
 * it does not share the line with the photo the page shows first. Meanwhile the page's buttons have
 * no handler yet: a tap on one, or a form sent, is held here and made again once the app has taken
 * the page over (`takenOver`), in the order they came. What is typed or chosen in the fields waits
 * in the fields themselves (lib/fields-changed-before-takeover.ts).
 *
 * The server names the app's code on this script's element: `data-app`, the app's entry, and
 * `data-preload`, the modules it and the page import, fetched alongside it. This module imports
 * nothing, so the page asks for nothing more before it shows.
 */

/** A tap or a form sent before the app took the page over. */
type HeldEvent = { kind: 'click'; target: HTMLElement } | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };

declare global {
  interface Window {
    /** Set by a page the server drew until the app takes it over (main.tsx calls `takenOver` then). */
    drawnPage?: { takenOver(): void };
  }
}

/**
 * What takes a tap: links and form fields work without the app (a link opens its page, a box ticks
 * itself), so only the controls that do nothing without it are held.
 */
const tappable = 'button, [role="button"], [role="tab"], [role="menuitem"], [role="switch"], input[type="submit"], input[type="button"], input[type="image"]';

const held: HeldEvent[] = [];

function hold(event: Event): void {
  if (event.type === 'submit' && event.target instanceof HTMLFormElement) {
    held.push({ kind: 'submit', form: event.target, submitter: (event as SubmitEvent).submitter });
  } else if (event.type === 'click' && event.target instanceof Element) {
    const control = event.target.closest<HTMLElement>(tappable);
    if (!control || control.closest('a[href]') || control.matches(':disabled')) return;
    held.push({ kind: 'click', target: control });
  } else {
    return;
  }
  // Not done now (a submit button's click would send its form to the server as a plain page), and
  // not seen by React either while it takes the page over: it comes once, when made again.
  event.preventDefault();
  event.stopPropagation();
}

function replay(event: HeldEvent): void {
  if (event.kind === 'click') {
    if (event.target.isConnected) event.target.click();
  } else if (event.form.isConnected) {
    event.form.requestSubmit(event.submitter?.isConnected && event.submitter.closest('form') === event.form ? event.submitter : null);
  }
}

window.addEventListener('click', hold, true);
window.addEventListener('submit', hold, true);
window.drawnPage = {
  takenOver() {
    window.removeEventListener('click', hold, true);
    window.removeEventListener('submit', hold, true);
    delete window.drawnPage;
    for (const event of held.splice(0)) replay(event);
  },
};

/** The app's code, named on this script's element by the server. */
function loadTheApp(): void {
  const script = document.querySelector<HTMLScriptElement>('script[data-app]');
  if (!script) return;
  for (const href of (script.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });
    document.head.append(link);
  }
  void import(/* @vite-ignore */ script.dataset.app!);
}

/**
 * The longest the app waits for the page's load event: a photo that never finishes loading (a
 * dropped connection on a phone) would otherwise leave the page without its app for good.
 */
const longestWaitForLoad = 3000;

/**
 * After the page's load event and the frame it paints: the task after a frame's callbacks runs once
 * that frame is drawn. A hidden tab draws no frames; its page has nothing to paint first.
 */
function afterFirstPaint(then: () => void): void {
  let started = false;
  const next = () => {
    if (started) return;
    started = true;
    if (document.hidden) then();
    else requestAnimationFrame(() => setTimeout(then, 0));
  };
  if (document.readyState === 'complete') return next();
  window.addEventListener('load', next, { once: true });
  setTimeout(next, longestWaitForLoad);
}

afterFirstPaint(loadTheApp);

export {};

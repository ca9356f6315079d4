// First step of `npm test`: the browser tests need Debian's Chromium and its headless shell (no
// browser download works on the machines this project runs on, e2e/browsers.mjs) and a font for the
// demo pictures' brand names. When one is missing, install them with apt if this user may (root, or
// sudo without a password); otherwise stop at once with the one command to run, rather than after
// minutes of other tests.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { fullBrowser, headlessShell } from './browsers.mjs';

const font = '/usr/share/fonts/truetype/dejavu';
const packages = ['chromium', 'chromium-headless-shell', 'fonts-dejavu-core'];
const command = `sudo apt-get update && sudo apt-get install -y --no-install-recommends ${packages.join(' ')}`;

const browsers = [
  ['CHROMIUM_PATH', fullBrowser],
  ['CHROMIUM_HEADLESS_SHELL_PATH', headlessShell],
];

if ([...browsers.map(([, file]) => file), font].every((file) => fs.existsSync(file))) process.exit(0);
for (const [variable, file] of browsers) {
  if (process.env[variable] && !fs.existsSync(file)) fail(`${variable}=${file} does not exist.`);
}

const asRoot = process.getuid?.() === 0;
const sudo = asRoot ? [] : ['sudo', '-n'];
if (!asRoot && !canSudo()) fail(`The browser tests need Chromium and a font. Install them with:\n  ${command}`);

console.log(`[ensure-chromium] installing ${packages.join(', ')} with apt-get…`);
try {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run([...sudo, 'apt-get', 'update', '-qq'], env);
  run([...sudo, 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages], env);
} catch {
  fail(`Installing Chromium failed (see above). Install it with:\n  ${command}`);
}
for (const [variable, file] of browsers) {
  if (!fs.existsSync(file)) fail(`apt-get installed the browsers, but ${file} is not there; set ${variable} to it.`);
}

function run([file, ...args], env) {
  execFileSync(file, args, { stdio: 'inherit', env });
}

function canSudo() {
  try {
    execFileSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function fail(message) {
  console.error(`[ensure-chromium] ${message}`);
  process.exit(1);
}

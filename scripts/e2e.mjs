// The e2e step of `npm test`: finds Debian's Chromium (installs it when running as root),
// picks free ports for the e2e servers, then runs the Playwright suite against the built app.
//
// Debian's Chromium comes in two binaries of the same build: the browser (`chromium`) and its headless
// shell (`chromium-headless-shell`, the "old headless" that Playwright itself runs for headless tests).
// The suite prefers the shell: it renders the same pages with the same Blink and V8 but without the
// browser's own UI, and costs about a fifth less CPU on the same tests (decision 0011). The full browser
// is used when the shell is missing and cannot be installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePorts } from './free-ports.mjs';

const SHELL = ['/usr/bin/chromium-headless-shell', '/usr/lib/chromium/chromium-headless-shell'];
const BROWSER = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const canInstall = isRoot && existsSync('/usr/bin/apt-get');
const first = (paths) => paths.find((p) => existsSync(p));

function aptInstall(packages) {
  console.log(`installing Debian's ${packages.join(' and ')}: apt-get install -y ${packages.join(' ')}`);
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

let chromium = process.env.CHROMIUM_PATH;
if (!chromium) {
  if (!first(SHELL) && canInstall) aptInstall(first(BROWSER) ? ['chromium-headless-shell'] : ['chromium', 'chromium-headless-shell']);
  chromium = first(SHELL) ?? first(BROWSER);
  if (!chromium && canInstall) {
    aptInstall(['chromium']);
    chromium = first(BROWSER);
  }
}
if (!chromium) {
  console.error(
    '\nThe end-to-end tests need Chromium, and it is not installed.\nInstall it with:\n\n    sudo apt-get install -y chromium chromium-headless-shell\n',
  );
  process.exit(1);
}
console.log(`e2e browser: ${chromium}`);

// The servers (the app, the OpenID provider, the Stripe-mode app and the fake Stripe) listen on ports
// the OS reports free now, not on fixed ones: a server left behind by a crashed run, or another
// checkout's run, cannot block this one. Ports set by hand are kept. Playwright's runner and its workers
// all read them from this environment (e2e/env.ts).
const portVars = ['E2E_PORT', 'E2E_OIDC_PORT', 'E2E_STRIPE_PORT', 'E2E_FAKE_STRIPE_PORT'].filter((name) => !process.env[name]);
const ports = await freePorts(portVars.length);
const env = { ...process.env, CHROMIUM_PATH: chromium };
portVars.forEach((name, i) => (env[name] = String(ports[i])));
console.log(`e2e ports: app ${env.E2E_PORT}, OpenID ${env.E2E_OIDC_PORT}, Stripe-mode app ${env.E2E_STRIPE_PORT}, fake Stripe ${env.E2E_FAKE_STRIPE_PORT}`);

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);

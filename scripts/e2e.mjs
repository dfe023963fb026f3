// The e2e step of `npm test`: finds Debian's Chromium (installs it when running as root),
// picks free ports for the e2e servers, then runs the Playwright suite against the built app.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePorts } from './free-ports.mjs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const find = () => candidates.find((p) => existsSync(p));

let chromium = find();
if (!chromium) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing; installing Debian's package: apt-get install -y chromium");
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    chromium = find();
  }
}
if (!chromium) {
  console.error('\nThe end-to-end tests need Chromium, and it is not installed.\nInstall it with:\n\n    sudo apt-get install -y chromium\n');
  process.exit(1);
}

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

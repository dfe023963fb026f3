// The e2e step of `npm test`: finds Debian's Chromium (installs it when running as root),
// then runs the Playwright suite against the built app.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const find = () => candidates.find((p) => existsSync(p));

let chromium = find();
if (!chromium) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing; installing Debian\'s package: apt-get install -y chromium');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    chromium = find();
  }
}
if (!chromium) {
  console.error('\nThe end-to-end tests need Chromium, and it is not installed.\nInstall it with:\n\n    sudo apt-get install -y chromium\n');
  process.exit(1);
}

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);

// `npm start`: builds the web app and the API when their output is missing or older than the
// sources, then starts the server (API under /api + the built SPA) on PORT (default 3000).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const inputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/api/src',
  'apps/api/build.mjs',
  'packages/contracts/src',
  'packages/db/src',
  'package-lock.json',
];
const outputs = ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js', 'apps/api/dist/server.js'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const envFile = join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

const newestInput = Math.max(...inputs.map((p) => newestMtime(join(root, p))));
const oldestOutput = Math.min(...outputs.map((p) => (existsSync(join(root, p)) ? statSync(join(root, p)).mtimeMs : 0)));
if (oldestOutput === 0 || newestInput > oldestOutput || process.env.FORCE_BUILD === '1') {
  console.log('Medallion: building the web app and the API…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

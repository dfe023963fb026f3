// `npm start`: builds the web app and the API when their output is missing or older than the
// sources, then starts the server (API under /api + the built SPA) on PORT (default 3000).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfNeeded, ROOT, SERVER_SCRIPT } from './lib/build.mjs';

const envFile = join(ROOT, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

if (!buildIfNeeded()) process.exit(1);

const server = spawn(process.execPath, ['--enable-source-maps', SERVER_SCRIPT], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

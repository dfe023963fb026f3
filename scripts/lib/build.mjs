// The build step of `npm start` and `npm run cluster`: `npm run build` when the built app is missing or
// older than its sources (or FORCE_BUILD=1).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProgress } from './progress.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_SCRIPT = join(ROOT, 'apps/api/dist/server.js');

const inputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/service-worker',
  'apps/api/src',
  'apps/api/build.mjs',
  'packages/contracts/src',
  'packages/db/src',
  'packages/demo/src',
  'package-lock.json',
];
const outputs = ['apps/web/dist/index.html', 'apps/web/dist-sw/sw.js', 'apps/web/dist-ssr/entry-server.js', 'apps/api/dist/server.js', 'apps/api/dist/demo.js'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/** True when the built output is missing or older than a source. */
export function needsBuild() {
  const newestInput = Math.max(...inputs.map((p) => newestMtime(join(ROOT, p))));
  const oldestOutput = Math.min(...outputs.map((p) => (existsSync(join(ROOT, p)) ? statSync(join(ROOT, p)).mtimeMs : 0)));
  return oldestOutput === 0 || newestInput > oldestOutput || process.env.FORCE_BUILD === '1';
}

/**
 * The environment of `npm run build`: the caller's, always with NODE_ENV=production. A caller's NODE_ENV
 * (vitest sets `test`) would otherwise give React's development build: twice the JavaScript, and every
 * effect run twice under StrictMode.
 */
export function buildEnv(env) {
  return { ...env, NODE_ENV: 'production' };
}

const PARTS = [
  { workspace: '@medallion/web', what: 'building the web app' },
  { workspace: '@medallion/api', what: 'building the API' },
];

/**
 * Builds when needed (the web app, then the API: `npm run build`'s two parts), saying which part it is
 * on; returns false when the build failed. The tools' own output is shown only when a part fails (or
 * with `verbose`), so a start stays a few short lines.
 */
export function buildIfNeeded({ verbose = false, progress = createProgress() } = {}) {
  if (!needsBuild()) return true;
  for (const [i, part] of PARTS.entries()) {
    progress.step(part.what, i + 1, PARTS.length);
    const build = spawnSync('npm', ['run', 'build', '-w', part.workspace], {
      cwd: ROOT,
      env: buildEnv(process.env),
      stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
    if (build.status !== 0) {
      if (!verbose) process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}`);
      console.error(`Medallion: ${part.what} failed.`);
      return false;
    }
  }
  return true;
}

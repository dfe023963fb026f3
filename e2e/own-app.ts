import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

/** A free TCP port, chosen when the spec file loads (scripts/free-ports.mjs). */
export function freePort(): number {
  const script = fileURLToPath(new URL('../scripts/free-ports.mjs', import.meta.url));
  return Number(execFileSync(process.execPath, [script, '1'], { encoding: 'utf8' }).trim());
}

/**
 * A second copy of the built app for one spec, when the shared e2e app will not do: its own data dir
 * (embedded database, dev mailbox), its own PUBLIC_URL (passkeys need a host name, not 127.0.0.1), or a
 * restart between two steps. start() resolves once /api/health answers 200; stop() waits for the exit.
 */
export function ownApp(options: { port: number; publicUrl: string; dataDir: () => string; healthTimeoutMs?: number }) {
  let server: ChildProcess | null = null;
  return {
    async start() {
      server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          PORT: String(options.port),
          HOST: '127.0.0.1',
          PUBLIC_URL: options.publicUrl,
          DATA_DIR: options.dataDir(),
          DATABASE_URL: '',
          SMTP_URL: '',
          LOG_LEVEL: 'warn',
          AUTH_RATE_LIMIT_MAX: '1000',
          SEED_DEMO_DATA: 'false',
        },
      });
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${options.port}/api/health`).catch(() => null))?.status ?? 0, {
          timeout: options.healthTimeoutMs ?? 180_000,
          intervals: [500, 1000],
        })
        .toBe(200);
    },
    async stop() {
      const running = server;
      server = null;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
      });
    },
  };
}

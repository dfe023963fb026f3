// The demo data (@medallion/demo) is loaded only by a server that seeds it: with SEED_DEMO_DATA=false
// the module is never imported, and the API build keeps it out of server.js (its own dist/demo.js,
// imported on demand).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { user } from '@medallion/db/schema';
import type * as Demo from '@medallion/demo';
import { DEMO_ACCOUNTS } from '@medallion/demo/accounts';
import { seedDatabase } from '../src/prepare-database';
import { buildTestApp } from './helpers/build-test-app';

const demoModule = vi.hoisted(() => ({ loads: 0 }));

// Counts the imports of the package's entry (the factory runs when the module is first loaded) and
// keeps only the accounts step, so the seed stays quick.
vi.mock('@medallion/demo', async (importOriginal) => {
  demoModule.loads += 1;
  const original = await importOriginal<typeof Demo>();
  return {
    ...original,
    demoSeedSteps: (...args: Parameters<typeof original.demoSeedSteps>) => original.demoSeedSteps(...args).filter((step) => step.name === '0001-demo-accounts'),
  };
});

async function demoDriverExists(app: Awaited<ReturnType<typeof buildTestApp>>['app']): Promise<boolean> {
  const rows = await app.db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_ACCOUNTS.driver.email));
  return rows.length > 0;
}

describe('the demo package at start', () => {
  it('is never loaded by a server started with SEED_DEMO_DATA=false', async () => {
    const { app } = await buildTestApp({ SEED_DEMO_DATA: 'false' });
    await seedDatabase(app);
    expect(demoModule.loads).toBe(0);
    expect(await demoDriverExists(app)).toBe(false);
  });

  it('is loaded, and seeds, when SEED_DEMO_DATA is on', async () => {
    const { app } = await buildTestApp({ SEED_DEMO_DATA: 'true' });
    await seedDatabase(app);
    expect(demoModule.loads).toBe(1);
    expect(await demoDriverExists(app)).toBe(true);
  });
});

describe('the API build', () => {
  it('emits the demo data as dist/demo.js, which server.js only imports on demand', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'medallion-api-build-'));
    try {
      const build = spawnSync(process.execPath, ['build.mjs', outdir], { cwd: fileURLToPath(new URL('..', import.meta.url)), encoding: 'utf8' });
      expect(build.status, build.stderr).toBe(0);
      const server = readFileSync(join(outdir, 'server.js'), 'utf8');
      const demo = readFileSync(join(outdir, 'demo.js'), 'utf8');
      // Strings only the demo data holds: a demo account, a fleet owner of the demo listings, a demo product.
      for (const text of [DEMO_ACCOUNTS.driver.email, 'Queens Fleet Garage', 'Driver partition (sedan, clear polycarbonate)']) {
        expect(server, text).not.toContain(text);
        expect(demo, text).toContain(text);
      }
      // One dynamic import, no static one.
      expect(server.match(/import\("\.\/demo\.js"\)/g)).toHaveLength(1);
      expect(server).not.toMatch(/from\s*"\.\/demo\.js"/);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { runSeed, type SeedStep } from '@medallion/db/seed';
import { createProgress } from '../../../scripts/lib/progress.mjs';
import { createTestDatabase } from './helpers/test-database';

/*
 * Issue #30: `npm start` on a fresh machine builds, migrates and seeds for about a minute; it says what it
 * is doing (short lines, quiet at LOG_LEVEL=warn and above), and the seed names each step it runs.
 */
describe('the start says what it is doing', () => {
  it('prints a short line per step at info, nothing at warn, error, fatal or silent', () => {
    const lines: string[] = [];
    const progress = createProgress({ level: 'info', write: (line) => void lines.push(line) });
    progress.step('building the web app', 1, 2);
    progress.step('building the API', 2, 2);
    expect(lines).toEqual(['Medallion: building the web app (1 of 2)…\n', 'Medallion: building the API (2 of 2)…\n']);
    for (const level of ['warn', 'error', 'fatal', 'silent']) {
      const quiet: string[] = [];
      createProgress({ level, write: (line) => void quiet.push(line) }).step('building the web app', 1, 2);
      expect(quiet, level).toEqual([]);
    }
  });

  describe('the seed reports its steps', async () => {
    const database = await createTestDatabase();
    afterAll(() => database.dispose());
    const step = (name: string): SeedStep => ({ name, run: async () => {} });

    it('names each step it runs as "N of M", and none a database already has', async () => {
      const steps = [step('progress-a'), step('progress-b'), step('progress-c')];
      const seen: unknown[] = [];
      await runSeed(database.db, [steps[0]!], () => {});
      await runSeed(database.db, steps, (s) => void seen.push(s));
      expect(seen).toEqual([
        { n: 2, of: 3, name: 'progress-b' },
        { n: 3, of: 3, name: 'progress-c' },
      ]);
      seen.length = 0;
      await runSeed(database.db, steps, (s) => void seen.push(s));
      expect(seen).toEqual([]);
    });
  });
});

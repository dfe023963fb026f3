import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { runSeed, type SeedStep } from '@medallion/db/seed';
import { contactMessages, seedHistory } from '@medallion/db/schema';
import { createTestDatabase } from './helpers/test-database';

describe('seed', async () => {
  const database = await createTestDatabase();
  afterAll(() => database.dispose());

  const steps: SeedStep[] = [
    {
      name: 'test-demo-messages',
      run: async (db) => {
        await db.insert(contactMessages).values([
          { name: 'Demo One', email: 'one@example.com', message: 'Hello' },
          { name: 'Demo Two', email: 'two@example.com', message: 'Hi' },
        ]);
      },
    },
  ];

  it('applies each step once, however often it runs', async () => {
    expect(await runSeed(database.db, steps)).toEqual({ applied: ['test-demo-messages'], skipped: [] });
    expect(await runSeed(database.db, steps)).toEqual({ applied: [], skipped: ['test-demo-messages'] });
    const [rows] = await database.db.select({ n: count() }).from(contactMessages);
    expect(rows?.n).toBe(2);
  });

  it('rolls a failed step back so it runs again next time', async () => {
    const failing: SeedStep = {
      name: 'test-failing',
      run: async (db) => {
        await db.insert(contactMessages).values({ name: 'Half', email: 'half@example.com', message: 'x' });
        throw new Error('boom');
      },
    };
    await expect(runSeed(database.db, [failing])).rejects.toThrow('boom');
    const history = await database.db.select().from(seedHistory);
    expect(history.map((h) => h.name)).toEqual(['test-demo-messages']);
    const [rows] = await database.db.select({ n: count() }).from(contactMessages);
    expect(rows?.n).toBe(2);
  });
});

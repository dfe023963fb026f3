import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { seedHistory } from './schema';

/** One idempotent unit of demo data. Steps run once per database, in order, each in a transaction. */
export interface SeedStep {
  name: string;
  run(db: Database): Promise<void>;
}

/**
 * Demo data steps. Each feature adds its own (staff account, products, listings, exam questions)
 * as it lands; a step's name must never change once released, or it runs again.
 */
export const seedSteps: SeedStep[] = [];

export interface SeedResult {
  applied: string[];
  skipped: string[];
}

/** Told before each step that runs (not the ones a database has already): its place among the steps and its name. */
export type SeedProgress = (step: { n: number; of: number; name: string }) => void;

export async function runSeed(db: Database, steps: SeedStep[] = seedSteps, onStep?: SeedProgress): Promise<SeedResult> {
  const result: SeedResult = { applied: [], skipped: [] };
  for (const [i, step] of steps.entries()) {
    const applied = await db.transaction(async (tx) => {
      // Claim the step first: a concurrent start or a second run finds the row and skips it.
      const claimed = await tx
        .insert(seedHistory)
        .values({ name: step.name, appliedAt: sql`now()` })
        .onConflictDoNothing()
        .returning({ name: seedHistory.name });
      if (claimed.length === 0) return false;
      onStep?.({ n: i + 1, of: steps.length, name: step.name });
      await step.run(tx);
      return true;
    });
    (applied ? result.applied : result.skipped).push(step.name);
  }
  return result;
}

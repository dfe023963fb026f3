import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { account, user } from '@medallion/db/schema';
import type { SeedStep } from '@medallion/db/seed';

/** Demo accounts for local use (README). Not created when SEED_DEMO_DATA=false (production). */
export const DEMO_ACCOUNTS = {
  staff: { email: 'staff@medallion.example', password: 'Staff2024', name: 'Medallion Staff', role: 'staff' },
  driver: { email: 'driver@medallion.example', password: 'Driver2024', name: 'Aziz Karimov', role: 'user' },
} as const;

/** Creates a confirmed account with a password, unless the e-mail exists. Returns the user id. */
export async function ensureAccount(db: Database, input: { email: string; password: string; name: string; role: 'user' | 'staff' }): Promise<string> {
  const email = input.email.toLowerCase();
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) return existing.id;
  const id = randomUUID();
  await db.insert(user).values({
    id,
    name: input.name,
    email,
    emailVerified: true,
    role: input.role,
    status: 'CONFIRMED',
  });
  await db.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPassword(input.password),
  });
  return id;
}

export const demoAccountsSeedStep: SeedStep = {
  name: '0001-demo-accounts',
  async run(db) {
    await ensureAccount(db, DEMO_ACCOUNTS.staff);
    await ensureAccount(db, DEMO_ACCOUNTS.driver);
  },
};

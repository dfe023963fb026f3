import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { account, user } from '@medallion/db/schema';

/**
 * Creates a confirmed account with a password, unless the e-mail exists. Returns the user id. The staff
 * account from STAFF_EMAIL/STAFF_PASSWORD and the demo accounts (@medallion/demo) are made with it.
 */
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

import { and, eq, like } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { verification } from '@medallion/db/schema';
import type { Auth } from './create-auth';

/**
 * Forgets every browser the account trusted for 30 days ("Trust this browser"): better-auth keeps one
 * verification record `trust-device-…` per browser, its value the user id. Turning two-step sign-in
 * off, or a password reset, ends them all, so every browser is asked for the code again. Each record
 * is deleted through better-auth (the database row, and its copy in Redis when REDIS_URL is set).
 */
export async function forgetTrustedBrowsers(auth: Auth, db: Database, userId: string): Promise<void> {
  const rows = await db
    .select({ identifier: verification.identifier })
    .from(verification)
    .where(and(like(verification.identifier, 'trust-device-%'), eq(verification.value, userId)));
  if (rows.length === 0) return;
  const context = await auth.$context;
  for (const { identifier } of rows) await context.internalAdapter.deleteVerificationByIdentifier(identifier);
}

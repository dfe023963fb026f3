import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createUserRequestSchema, UserRecord } from '@medallion/contracts/users';
import type { Database } from '@medallion/db/client';
import { account, payments, user } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import type { Auth } from '../auth/create-auth';
import { refreshCachedSessions } from '../auth/session-cache';

export async function getUserRecord(db: Database, userId: string): Promise<UserRecord> {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  if (!row) throw new AppError('NOT_FOUND', 'user.notFound');
  const methods = await db.select({ password: account.password }).from(account).where(eq(account.userId, userId));
  const paid = await db
    .select({ reference: payments.reference, accessExpiry: payments.accessExpiry })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.purpose, 'exam'), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.createdAt));
  return {
    'user-id': row.id,
    email: row.email,
    'full-name': row.name,
    phone: row.phone,
    status: row.status === 'CONFIRMED' ? 'CONFIRMED' : 'UNCONFIRMED',
    role: row.role === 'staff' ? 'staff' : 'user',
    has_password: methods.some((m) => !!m.password),
    payment_transactions: paid.filter((p) => p.accessExpiry).map((p) => ({ 'transaction-id': p.reference, access_expiry: p.accessExpiry!.toISOString() })),
  };
}

export async function updateOwnName(auth: Auth, db: Database, userId: string, name: string): Promise<void> {
  await db.update(user).set({ name, updatedAt: new Date() }).where(eq(user.id, userId));
  await refreshCachedSessions(auth, userId);
}

/** POST /users: a user may create (that is, name) only their own record. */
export async function createOwnUserRecord(
  auth: Auth,
  db: Database,
  me: { id: string; email: string },
  input: z.output<typeof createUserRequestSchema>,
): Promise<void> {
  if (input['user-id'] !== me.id || input.email.toLowerCase() !== me.email) {
    throw new AppError('FORBIDDEN', 'user.ownRecordOnly');
  }
  await updateOwnName(auth, db, me.id, input['full-name']);
}

/** PATCH status CONFIRMED: only once the e-mail address is verified. */
export async function confirmUser(auth: Auth, db: Database, userId: string): Promise<void> {
  const [row] = await db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId));
  if (!row?.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED');
  await db.update(user).set({ status: 'CONFIRMED', updatedAt: new Date() }).where(eq(user.id, userId));
  await refreshCachedSessions(auth, userId);
}

import { randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { STEP_UP_TTL_MS } from '@medallion/contracts/auth';
import type { Database } from '@medallion/db/client';
import { verification } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import type { Auth } from './create-auth';

/*
 * The step-up (issue #33, ASVS 5.0 7.5): a change of how the account signs in (adding or removing a
 * passkey) needs a check of the password or of the second factor made in this session within the last
 * STEP_UP_TTL_MS (5 minutes), not the session cookie alone, which a thief may have copied. A check
 * (reauthenticate.ts, POST /account/reauthenticate) is kept as a `verification` row
 * `step-up-<session id>` (value: the user id) that expires with it; a session signed out or replaced
 * leaves a row nobody can use, which expires on its own. Calls that ask for the password themselves
 * (password and e-mail change, two-step setup and off, new recovery codes, deleting the account) need
 * no step-up, and a right password given to them counts as one (noteStepUpOfRequest): the owner who
 * just typed it is not asked again a minute later. A session that better-auth replaces in the same
 * call (two-step on or off gives a new cookie) keeps the step-up of the one it replaces (carryStepUp).
 */

const identifier = (sessionId: string) => `step-up-${sessionId}`;

/** Records a check of this session's owner, valid for STEP_UP_TTL_MS; answers when it ends. */
export async function noteStepUp(db: Database, sessionId: string, userId: string, now = new Date()): Promise<Date> {
  const expiresAt = new Date(now.getTime() + STEP_UP_TTL_MS);
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, identifier(sessionId)));
    await tx.insert(verification).values({ id: randomUUID(), identifier: identifier(sessionId), value: userId, expiresAt, createdAt: now, updatedAt: now });
  });
  return expiresAt;
}

/** When this session's step-up ends, or null when it has none in force. */
export async function stepUpExpiry(db: Database, sessionId: string, userId: string, now = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: verification.expiresAt })
    .from(verification)
    .where(and(eq(verification.identifier, identifier(sessionId)), eq(verification.value, userId), gt(verification.expiresAt, now)));
  return row?.expiresAt ?? null;
}

/** Throws 403 REAUTH_REQUIRED unless this session's owner checked their password or second factor in the last 5 minutes. */
export async function assertSteppedUp(db: Database, sessionId: string, userId: string, now = new Date()): Promise<void> {
  if (!sessionId || !(await stepUpExpiry(db, sessionId, userId, now))) throw new AppError('REAUTH_REQUIRED');
}

/**
 * A right password (or second factor) the signed-in user gave inline, to a call that asks for it itself:
 * the session the request came with gets a step-up, as after POST /account/reauthenticate. Nothing
 * without a session (sign-in) or when the session is another user's.
 */
export async function noteStepUpOfRequest(auth: Auth, db: Database, headers: Headers, userId: string, now = new Date()): Promise<void> {
  const current = await auth.api.getSession({ headers });
  if (current?.user.id === userId) await noteStepUp(db, current.session.id, userId, now);
}

/**
 * better-auth replaced session `from` with `to` in one call of its owner (turning two-step sign-in on
 * or off): the new one keeps the old one's step-up, until the same end. Called by the session hook
 * of create-auth.ts.
 */
export async function carryStepUp(db: Database, from: string, to: { id: string; userId: string }, now = new Date()): Promise<void> {
  const expiresAt = await stepUpExpiry(db, from, to.userId, now);
  if (!expiresAt) return;
  await db.insert(verification).values({ id: randomUUID(), identifier: identifier(to.id), value: to.userId, expiresAt, createdAt: now, updatedAt: now });
}

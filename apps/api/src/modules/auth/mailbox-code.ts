import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { CODE_MAX_ATTEMPTS, CODE_TTL_SECONDS } from '@medallion/contracts/auth';
import type { Database } from '@medallion/db/client';
import { verification } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { codeEmail } from './code-email';
import { assertCodeQuota } from './code-quota';

/*
 * A 6-digit code e-mailed to the signed-in account's own address, proving its owner reads that mailbox:
 * the step-up of an account without a password or two-step sign-in (reauthenticate.ts), and a staff
 * account's enrollment in two-step sign-in (manage-two-factor.ts). One live code per account and purpose
 * (a new one replaces it), hashed at rest, 10 minutes, 5 tries, single use; at most 5 code e-mails to
 * an address in 15 minutes (code-quota.ts). Kept as `verification` rows `mailbox-code-<purpose>-<user id>`.
 */

export type MailboxCodePurpose = 'step-up' | 'staff-two-factor';

const identifier = (purpose: MailboxCodePurpose, userId: string) => `mailbox-code-${purpose}-${userId}`;
const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** E-mails a new code to the account's address (replacing a code of the same purpose not used yet). */
export async function sendMailboxCode(db: Database, mailer: Mailer, me: { id: string; email: string }, purpose: MailboxCodePurpose): Promise<void> {
  await assertCodeQuota(db, me.email);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, identifier(purpose, me.id)));
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: identifier(purpose, me.id),
      value: `${hashOf(code)}:0`,
      expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
    });
    await mailer.send(codeEmail({ to: me.email, code, purpose }), tx);
  });
  mailer.deliverSoon();
}

/** Uses the account's code: true once for the right one in time; a wrong one counts a try (the 5th ends the code). */
export async function takeMailboxCode(db: Database, userId: string, purpose: MailboxCodePurpose, code: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(verification)
      .where(and(eq(verification.identifier, identifier(purpose, userId)), gt(verification.expiresAt, new Date())))
      .for('update');
    if (!row) return false;
    const [hash = '', triesText = '0'] = row.value.split(':');
    const right = timingSafeEqual(Buffer.from(hash, 'hex'), Buffer.from(hashOf(code.trim()), 'hex'));
    const tries = Number(triesText) + 1;
    if (right || tries >= CODE_MAX_ATTEMPTS) await tx.delete(verification).where(eq(verification.id, row.id));
    else
      await tx
        .update(verification)
        .set({ value: `${hash}:${tries}`, updatedAt: new Date() })
        .where(eq(verification.id, row.id));
    return right;
  });
}

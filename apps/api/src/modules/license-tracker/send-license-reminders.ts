import { and, eq, gt, gte, isNotNull, lte, or, sql } from 'drizzle-orm';
import {
  addDays,
  DEADLINE_REMINDER_DAYS,
  FILING_STEP,
  LICENSE_DEADLINE_DAYS,
  LICENSE_STEPS,
  newYorkDay,
  STALL_DAYS,
  countdown,
} from '@medallion/contracts/license-tracker';
import type { Database } from '@medallion/db/client';
import { licenseReminders, licenseTrackers, licenseTrackerSteps, user } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { claimRoundLease, releaseRoundLease } from '../../lib/round-lease';
import { readProgress } from './get-license-tracker';
import { licenseReminderEmail } from './reminder-email';
import { signReminderToken } from './reminder-token';

const LEASE_KEY = 'license_reminders.lease';
/** Candidates read at a time (the round goes on through all of them). */
const USERS_PER_PAGE = 500;
const DAY_MS = 86_400_000;

export interface ReminderOptions {
  mailer: Pick<Mailer, 'send' | 'deliverSoon'>;
  publicUrl: string;
  /** The unsubscribe links' signing key (reminder-token.ts). */
  key: Buffer;
  leaseMs: number;
}

export interface ReminderResult {
  /** False when another server holds the round's lease. */
  ran: boolean;
  mails: number;
}

/**
 * One user's reminder as of `now`, in one transaction: the tracker row is locked (a parallel round skips
 * it), the countdown read again; the reminder's row (user, kind, cycle) is inserted before the e-mail is
 * queued, and only a new row sends, so each reminder goes once. Deadline: the smallest threshold of
 * 30/14/7/2 days that was reached (the larger ones are noted as passed over). Stalled: no step marked and
 * no reminder e-mail in STALL_DAYS while the countdown runs, once per last mark. Nothing once every step is done or the deadline passed.
 */
async function remindUser(db: Database, userId: string, now: Date, options: ReminderOptions): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [tracker] = await tx
      .select({
        reminders: licenseTrackers.reminders,
        language: licenseTrackers.language,
        lastMarkedAt: licenseTrackers.lastMarkedAt,
        createdAt: licenseTrackers.createdAt,
      })
      .from(licenseTrackers)
      .where(eq(licenseTrackers.userId, userId))
      .for('update', { skipLocked: true });
    if (!tracker?.reminders) return false;
    const progress = await readProgress(tx, userId);
    const clock = countdown(progress, newYorkDay(now));
    const openSteps = progress.filter((p) => !p.done_on).map((p) => p.step);
    if (!clock || clock.days_left < 0 || openSteps.length === 0) return false;

    const noted = async (kind: string, cycle: string) =>
      (await tx.insert(licenseReminders).values({ userId, kind, cycle, sentAt: now }).onConflictDoNothing().returning({ kind: licenseReminders.kind }))
        .length === 1;

    let kind: 'deadline' | 'stalled' | undefined;
    let row: { kind: string; cycle: string } | undefined;
    const reached = DEADLINE_REMINDER_DAYS.filter((d) => clock.days_left <= d);
    if (reached.length > 0) {
      const smallest = Math.min(...reached);
      const fresh = await noted(`deadline-${smallest}`, clock.filed_on);
      for (const d of reached) if (d !== smallest) await noted(`deadline-${d}`, clock.filed_on);
      if (fresh) {
        kind = 'deadline';
        row = { kind: `deadline-${smallest}`, cycle: clock.filed_on };
      }
    }
    const lastMark = tracker.lastMarkedAt ?? tracker.createdAt;
    // The stall counts from the last mark or the last reminder e-mail, whichever is later (no nudge right after a deadline reminder).
    const [lastMail] = await tx
      .select({ at: sql<string | null>`max(${licenseReminders.sentAt})::text` })
      .from(licenseReminders)
      .where(and(eq(licenseReminders.userId, userId), isNotNull(licenseReminders.mailId)));
    const quietSince = Math.max(lastMark.getTime(), lastMail?.at ? new Date(lastMail.at).getTime() : 0);
    if (!kind && now.getTime() - quietSince >= STALL_DAYS * DAY_MS) {
      const cycle = lastMark.toISOString();
      if (await noted('stalled', cycle)) {
        kind = 'stalled';
        row = { kind: 'stalled', cycle };
      }
    }
    if (!kind || !row) return false;
    const [owner] = await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
    if (!owner) return false;
    const mail = await options.mailer.send(
      licenseReminderEmail({
        to: owner.email,
        userName: owner.name,
        language: tracker.language ?? undefined,
        publicUrl: options.publicUrl,
        kind,
        filedOn: clock.filed_on,
        deadline: clock.deadline,
        daysLeft: clock.days_left,
        openSteps: LICENSE_STEPS.filter((s) => openSteps.includes(s)),
        token: signReminderToken(options.key, userId),
      }),
      tx,
    );
    await tx
      .update(licenseReminders)
      .set({ mailId: mail.id })
      .where(and(eq(licenseReminders.userId, userId), eq(licenseReminders.kind, row.kind), eq(licenseReminders.cycle, row.cycle)));
    return true;
  });
}

/**
 * A reminder round as of `now` (the clock is a parameter: the job passes the time, tests and the dev
 * trigger a day of their choosing). Candidates: reminders on and a filing day within the last 90 days.
 */
export async function sendLicenseReminders(db: Database, now: Date, options: ReminderOptions): Promise<ReminderResult> {
  const owner = await claimRoundLease(db, LEASE_KEY, options.leaseMs);
  if (!owner) return { ran: false, mails: 0 };
  try {
    const today = newYorkDay(now);
    const earliestFiling = addDays(today, -LICENSE_DEADLINE_DAYS);
    // A deadline reminder is possible from 30 days before the deadline, a stalled one 21 days after the last mark.
    const deadlineFrom = addDays(today, -(LICENSE_DEADLINE_DAYS - Math.max(...DEADLINE_REMINDER_DAYS)));
    const stalledBefore = new Date(now.getTime() - STALL_DAYS * DAY_MS);
    let mails = 0;
    let after = '';
    for (;;) {
      const page = await db
        .select({ userId: licenseTrackers.userId })
        .from(licenseTrackers)
        .innerJoin(licenseTrackerSteps, and(eq(licenseTrackerSteps.userId, licenseTrackers.userId), eq(licenseTrackerSteps.step, FILING_STEP)))
        .where(
          and(
            eq(licenseTrackers.reminders, true),
            gt(licenseTrackers.userId, after),
            gte(licenseTrackerSteps.doneOn, earliestFiling),
            or(lte(licenseTrackerSteps.doneOn, deadlineFrom), lte(sql`coalesce(${licenseTrackers.lastMarkedAt}, ${licenseTrackers.createdAt})`, stalledBefore)),
          ),
        )
        .orderBy(licenseTrackers.userId)
        .limit(USERS_PER_PAGE);
      for (const { userId } of page) if (await remindUser(db, userId, now, options)) mails += 1;
      if (page.length < USERS_PER_PAGE) break;
      after = page[page.length - 1]!.userId;
    }
    if (mails > 0) options.mailer.deliverSoon();
    return { ran: true, mails };
  } finally {
    await releaseRoundLease(db, LEASE_KEY, owner);
  }
}

import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database, DbExecutor } from '@medallion/db/client';
import { mailOutbox } from '@medallion/db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  category?: 'code' | 'receipt' | 'contact' | 'notice' | 'digest' | 'reminder';
}

export interface MailerOptions {
  db: Database;
  logger: FastifyBaseLogger;
  from: string;
  /** SMTP transport; without one, mail is kept in the local dev mailbox. */
  transport?: Transporter;
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
  /** How long a claimed message is reserved for one delivery attempt. */
  leaseMs?: number;
  batchSize?: number;
  random?: () => number;
  /**
   * Extra headers of a message at delivery (the outbox keeps none), e.g. the List-Unsubscribe of a
   * digest, derived from the stored message.
   */
  headersFor?: (message: { category: string | null; text: string }) => Record<string, string> | undefined;
}

/** A message to send later: its outbox id (to cancel it by) and the time before which it is not delivered. */
export interface MailSchedule {
  id?: string;
  notBefore?: Date;
}

export interface Mailer {
  readonly mode: 'smtp' | 'dev';
  /**
   * Writes the message to the outbox and schedules delivery. Inside the caller's transaction (tx),
   * the caller calls deliverSoon() after the commit, or the next poll picks it up. With a notBefore, the
   * message waits in the outbox until then (any server delivers it, after restarts too; the dev mailbox
   * shows it then) unless cancel() drops it first.
   */
  send(mail: OutgoingMail, tx?: DbExecutor, schedule?: MailSchedule): Promise<{ id: string }>;
  /** Several messages written to the outbox in one statement (a job's batch, e.g. 200 receipts); delivered like send's. */
  sendMany(mails: OutgoingMail[], tx?: DbExecutor): Promise<void>;
  /**
   * Drops a message that is still waiting for its notBefore (not yet claimed nor attempted by any
   * server). Answers whether it was dropped; false when it is gone or already on its way.
   */
  cancel(id: string, tx?: DbExecutor): Promise<boolean>;
  /** Starts a delivery round now (after a transaction that queued mail has committed). */
  deliverSoon(): void;
  /** Delivers every due message once; returns how many were attempted. */
  deliverDue(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/** Exponential backoff with ±20 % jitter, capped. attempt is 1 for the first retry. */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  const jitter = 1 + (random() * 0.4 - 0.2);
  return Math.min(maxMs, Math.round(exp * jitter));
}

/** SMTP 5xx answers are permanent (bad recipient, rejected content); anything else is retried. */
export function isPermanentSmtpError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function createMailer(options: MailerOptions): Mailer {
  const { db, logger, transport } = options;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const batchSize = options.batchSize ?? 20;
  const random = options.random ?? Math.random;
  const mode = transport ? 'smtp' : 'dev';

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  /**
   * Claims up to batchSize due messages for this server: rows other servers are claiming right now
   * are skipped (SKIP LOCKED), and each claimed row is leased (next_attempt_at = now + lease) under a
   * fresh token. A server that dies mid-delivery leaves the lease to run out; then any server retries.
   */
  async function claimDue() {
    const token = randomUUID();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + ${`${leaseMs} milliseconds`}::interval`, claimToken: token })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  /** The row as long as this claim still holds it (not retried by another server after the lease). */
  const stillClaimed = (message: { id: string; claimToken: string | null }) =>
    and(eq(mailOutbox.id, message.id), eq(mailOutbox.status, 'pending'), message.claimToken ? eq(mailOutbox.claimToken, message.claimToken) : undefined);

  async function deliverOnce(): Promise<number> {
    if (!transport) return 0;
    const batch = await claimDue();
    // Each delivery round logs under its own job id (and the request's id when a request started it).
    const log = batch.length > 0 ? logger.child({ job: 'mail-delivery', jobId: randomUUID() }) : logger;
    for (const message of batch) {
      const attempts = message.attempts + 1;
      try {
        await transport.sendMail({
          // One Message-ID per outbox row: a retry after a server died between the SMTP answer and the
          // "sent" mark carries the same id, so mail systems show the message once.
          messageId: `<${message.id}@${messageIdDomain(options.from)}>`,
          from: options.from,
          to: message.to,
          replyTo: message.replyTo ?? undefined,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
          headers: options.headersFor?.(message),
        });
        const done = await db
          .update(mailOutbox)
          .set({ status: 'sent', attempts, sentAt: sql`now()`, lastError: null, claimToken: null })
          .where(stillClaimed(message))
          .returning({ id: mailOutbox.id });
        if (done.length === 0) log.warn({ mailId: message.id }, 'mail delivered after its lease ran out (another server may have sent it too)');
        else log.info({ mailId: message.id, attempts }, 'mail delivered');
      } catch (error) {
        const permanent = isPermanentSmtpError(error);
        const delay = retryDelayMs(attempts, options.retryBaseMs, options.retryMaxMs, random);
        // Only while this claim still holds the row: after the lease another server owns the attempt.
        await db
          .update(mailOutbox)
          .set({
            status: permanent ? 'failed' : 'pending',
            attempts,
            lastError: String((error as Error)?.message ?? error).slice(0, 1000),
            nextAttemptAt: sql`now() + ${`${delay} milliseconds`}::interval`,
            claimToken: null,
          })
          .where(stillClaimed(message));
        log.warn({ mailId: message.id, attempts, permanent, err: error }, 'mail delivery failed');
      }
    }
    return batch.length;
  }

  async function deliverDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await deliverOnce();
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  function kick() {
    if (!transport || stopped) return;
    deliverDue().catch((error: unknown) => logger.error({ err: error }, 'mail delivery loop failed'));
  }

  return {
    mode,
    async send(mail, tx, schedule) {
      const [row] = await (tx ?? db)
        .insert(mailOutbox)
        .values({
          ...(schedule?.id ? { id: schedule.id } : {}),
          ...(schedule?.notBefore ? { nextAttemptAt: schedule.notBefore } : {}),
          to: mail.to,
          replyTo: mail.replyTo ?? null,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          category: mail.category ?? null,
          status: transport ? 'pending' : 'dev',
        })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('outbox insert returned no row');
      if (transport) {
        // Outside a transaction the row is visible now; inside one, deliverSoon() follows the commit.
        if (!tx) setImmediate(kick);
      } else {
        // Subjects and bodies may hold one-time codes: never log them.
        logger.info({ mailId: row.id }, 'mail kept in the dev mailbox (/dev/mail)');
      }
      return { id: row.id };
    },
    async sendMany(mails, tx) {
      if (mails.length === 0) return;
      const status = transport ? ('pending' as const) : ('dev' as const);
      await (tx ?? db).insert(mailOutbox).values(
        mails.map((mail) => ({
          to: mail.to,
          replyTo: mail.replyTo ?? null,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          category: mail.category ?? null,
          status,
        })),
      );
      if (transport && !tx) setImmediate(kick);
    },
    async cancel(id, tx) {
      // A claim sets claim_token under a row lock, so a delivery in progress keeps its row.
      const dropped = await (tx ?? db)
        .delete(mailOutbox)
        .where(
          and(
            eq(mailOutbox.id, id),
            inArray(mailOutbox.status, ['pending', 'dev']),
            isNull(mailOutbox.claimToken),
            eq(mailOutbox.attempts, 0),
            gt(mailOutbox.nextAttemptAt, sql`now()`),
          ),
        )
        .returning({ id: mailOutbox.id });
      return dropped.length > 0;
    },
    deliverDue,
    deliverSoon() {
      setImmediate(kick);
    },
    start() {
      if (!transport || timer) return;
      stopped = false;
      timer = setInterval(kick, options.pollMs);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      if (running) await running.catch(() => undefined);
      transport?.close();
    },
  };
}

/** The domain of the sender's address (`Name <user@example.com>` or `user@example.com`), for Message-IDs. */
export function messageIdDomain(from: string): string {
  return /@([^\s>]+)/.exec(from)?.[1] ?? 'medallion.invalid';
}

import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@medallion/db/schema';
import { isPermanentSmtpError, retryDelayMs } from '../src/integrations/mail/mailer';
import { buildTestApp } from './helpers/build-test-app';
import { decodeHeader, startSmtpSink } from '../../../test-support/smtp-sink';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const contact = { name: 'Олег', email: 'oleg@example.com', message: 'Нужен номер TLC в аренду' };

describe('mail over SMTP', async () => {
  const smtp = await startSmtpSink();
  afterAll(() => smtp.close());
  const { app } = await buildTestApp({
    SMTP_URL: smtp.url,
    SUPPORT_EMAIL: 'support@medallion.example',
    MAIL_FROM: 'Medallion <no-reply@medallion.example>',
  });

  it('delivers the contact e-mail to the support mailbox, Cyrillic intact', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/contact-us', payload: contact });
    expect(res.statusCode).toBe(200);
    const [first] = await waitFor(
      async () => smtp.received,
      (r) => r.length > 0,
    );
    expect(first?.to).toEqual(['support@medallion.example']);
    expect(first?.from).toBe('no-reply@medallion.example');
    expect(decodeHeader(first!.raw, 'Subject')).toBe('Contact form: Олег');
    expect(decodeHeader(first!.raw, 'Reply-To')).toBe('oleg@example.com');

    const [row] = await waitFor(
      () => app.db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, 'oleg@example.com')),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('has no dev mailbox while SMTP is configured', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(res.statusCode).toBe(404);
  });
});

describe('mail while the SMTP server is down', async () => {
  const port = await freePort();
  const { app } = await buildTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_RETRY_BASE_MS: '1000',
    MAIL_RETRY_MAX_MS: '1000',
  });

  it('keeps the message, retries with backoff, and delivers once the server is back', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/contact-us', payload: contact });
    expect(res.statusCode).toBe(200);

    const [failed] = await waitFor(
      () => app.db.select().from(mailOutbox),
      (rows) => (rows[0]?.attempts ?? 0) >= 1,
    );
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(failed!.createdAt.getTime());

    // Not due yet: nothing is attempted.
    expect(await app.mailer.deliverDue()).toBe(0);

    const smtp = await startSmtpSink({ port });
    try {
      const [sent] = await waitFor(
        async () => {
          await app.mailer.deliverDue();
          return app.db.select().from(mailOutbox);
        },
        (rows) => rows[0]?.status === 'sent',
      );
      expect(sent?.attempts).toBeGreaterThanOrEqual(2);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.raw).toContain('oleg@example.com');
      // The outbox row's id is the Message-ID, the same on every attempt (a retry shows as one message).
      expect(smtp.received[0]?.raw).toMatch(new RegExp(`^Message-ID: <${sent!.id}@[^>]+>`, 'im'));
    } finally {
      await smtp.close();
    }
  });
});

describe('mail rejected permanently', async () => {
  const smtp = await startSmtpSink({ rejectRecipient: (a) => a.startsWith('nobody@') });
  afterAll(() => smtp.close());
  const { app } = await buildTestApp({ SMTP_URL: smtp.url, SUPPORT_EMAIL: 'nobody@medallion.example' });

  it('marks a 5xx rejection as failed and keeps it with the reason', async () => {
    await app.inject({ method: 'POST', url: '/api/contact-us', payload: contact });
    const [row] = await waitFor(
      () => app.db.select().from(mailOutbox),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toMatch(/Mailbox unavailable/);
    expect(smtp.received).toHaveLength(0);
  });
});

describe('dev mailbox (no SMTP_URL)', async () => {
  const { app } = await buildTestApp();

  it('lists kept messages newest first as {data: [{to, subject, text, html, created_at}]}', async () => {
    const empty = await app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(empty.json()).toEqual({ data: [] });

    await app.inject({ method: 'POST', url: '/api/contact-us', payload: { ...contact, name: 'First' } });
    await new Promise((r) => setTimeout(r, 10));
    await app.inject({ method: 'POST', url: '/api/contact-us', payload: { ...contact, name: 'Second' } });

    const res = await app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: Array<Record<string, unknown>> };
    expect(data.map((m) => m.subject)).toEqual(['Contact form: Second', 'Contact form: First']);
    expect(Object.keys(data[0]!).sort()).toEqual(['created_at', 'html', 'subject', 'text', 'to']);
    expect(data[0]).toMatchObject({ to: 'support@medallion.example' });
    expect(Date.parse(String(data[0]!.created_at))).not.toBeNaN();
  });
});

describe('retry policy', () => {
  it('doubles the delay per attempt within ±20 % and caps it', () => {
    const mid = () => 0.5;
    expect(retryDelayMs(1, 1000, 60_000, mid)).toBe(1000);
    expect(retryDelayMs(2, 1000, 60_000, mid)).toBe(2000);
    expect(retryDelayMs(5, 1000, 60_000, mid)).toBe(16_000);
    expect(retryDelayMs(30, 1000, 60_000, mid)).toBe(60_000);
    expect(retryDelayMs(1, 1000, 60_000, () => 0)).toBe(800);
    expect(retryDelayMs(1, 1000, 60_000, () => 1)).toBe(1200);
  });

  it('treats only SMTP 5xx answers as permanent', () => {
    expect(isPermanentSmtpError({ responseCode: 550 })).toBe(true);
    expect(isPermanentSmtpError({ responseCode: 451 })).toBe(false);
    expect(isPermanentSmtpError(new Error('ECONNREFUSED'))).toBe(false);
  });
});

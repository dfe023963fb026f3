import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';
import { codeAt, Jar } from './helpers/two-factor';
import { decodeHeader, startSmtpSink } from '../../../test-support/smtp-sink';

/*
 * Issue #30: one sign-in from a new browser, with two-step sign-in on, sends one e-mail. "Your password was
 * used…" waits (PASSWORD_NOTICE_DELAY_MS) and is dropped when the code signs that browser in, which then
 * gets "New sign-in"; a password that stops at the code step still warns the owner after the delay.
 */
describe('the password-step warning waits for the code', async () => {
  const smtp = await startSmtpSink();
  afterAll(() => smtp.close());
  const { app } = await buildTestApp({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_MAX: '1000', PASSWORD_NOTICE_DELAY_MS: '300000' });
  const password = 'Secret123';
  const step = () => Math.floor(Date.now() / 30_000);
  const post = (url: string, payload: object, jar?: Jar) => app.inject({ method: 'POST', url, payload, headers: jar ? { cookie: jar.header } : {} });
  /** Subjects delivered over SMTP to one address. */
  const delivered = (email: string) => smtp.received.filter((m) => m.to.includes(email)).map((m) => decodeHeader(m.raw, 'subject') ?? '');

  async function accountWithTwoFactor(email: string) {
    await createConfirmedUser(app, email, password);
    const jar = new Jar();
    jar.take(await post('/api/auth/sign-in', { email, password }));
    const setup = await post('/api/account/two-factor/setup', { password }, jar);
    const { secret } = setup.json() as { secret: string };
    const confirmStep = step();
    expect((await post('/api/account/two-factor/confirm', { code: await codeAt(secret, confirmStep) }, jar)).statusCode).toBe(200);
    await app.mailer.deliverDue();
    return { secret, confirmStep, before: delivered(email).length };
  }

  it('the code follows from the same browser: the owner gets one e-mail, "New sign-in"', async () => {
    const email = 'one-mail@example.com';
    const { secret, confirmStep, before } = await accountWithTwoFactor(email);
    const browser = new Jar();
    const challenged = await post('/api/auth/sign-in', { email, password }, browser);
    expect(challenged.json()).toMatchObject({ twoFactorRequired: true });
    browser.take(challenged);
    const verified = await post('/api/auth/two-factor/verify', { code: await codeAt(secret, confirmStep + 1), trustBrowser: false }, browser);
    expect(verified.statusCode, verified.body).toBe(200);
    await app.mailer.deliverDue();
    // Even once the delay has passed, the dropped warning stays dropped.
    await app.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.to, email));
    await app.mailer.deliverDue();
    const subjects = delivered(email).slice(before);
    expect(subjects).toHaveLength(1);
    expect(subjects[0]).toMatch(/^New sign-in to your Medallion account/);
  });

  it('the code never comes: "Your password was used…" goes out once the delay has passed, and not before', async () => {
    const email = 'no-code@example.com';
    const { before } = await accountWithTwoFactor(email);
    const challenged = await post('/api/auth/sign-in', { email, password });
    expect(challenged.json()).toMatchObject({ twoFactorRequired: true });
    await app.mailer.deliverDue();
    expect(delivered(email).slice(before)).toHaveLength(0);
    // The clock moves past the delay (the scheduled row comes due), as after 5 minutes or a restart.
    const waiting = and(eq(mailOutbox.to, email), like(mailOutbox.subject, 'Your password was used%'));
    const [row] = await app.db.select().from(mailOutbox).where(waiting);
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    await app.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(waiting);
    await app.mailer.deliverDue();
    const subjects = delivered(email).slice(before);
    expect(subjects).toHaveLength(1);
    expect(subjects[0]).toMatch(/^Your password was used to sign in from a new browser/);
  });
});

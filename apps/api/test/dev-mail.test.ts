import { describe, expect, it } from 'vitest';
import { toMessage } from '@medallion/contracts/messages';
import { DEV_MAILBOX_WARNING } from '../src/modules/dev-mail/mailbox-access';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser, signedInStaff } from './helpers/auth';

const REMOTE = '203.0.113.9';
const refused = { code: 'FORBIDDEN', ...toMessage('devMail.private') };

describe('the dev mailbox is private (no SMTP_URL, no proxy trusted)', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  // A sign-up leaves a code in the mailbox: that is what must not leak.
  const driver = await createConfirmedUser(app, 'mail-driver@example.com');
  const staff = await signedInStaff(app, 'mail-staff@example.com', 'Mail Staff');
  const mailbox = (remoteAddress: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/api/dev/mail', remoteAddress, headers });

  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])('is readable from this machine (%s) without a session', async (address) => {
    const res = await mailbox(address);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.some((m: { to: string }) => m.to === 'mail-driver@example.com')).toBe(true);
  });

  it('is readable from this machine by any signed-in user too (the e2e tests read it through 127.0.0.1)', async () => {
    expect((await mailbox('127.0.0.1', { cookie: driver.cookie })).statusCode).toBe(200);
  });

  it('refuses an anonymous remote client with 403 and a clear message', async () => {
    for (const address of [REMOTE, '10.0.0.7', '::ffff:192.168.1.20', '2001:db8::1']) {
      const res = await mailbox(address);
      expect(res.statusCode, address).toBe(403);
      expect(res.json()).toEqual(refused);
      expect(res.body).not.toContain('mail-driver@example.com');
    }
  });

  it('refuses a signed-in user who is not staff from a remote address', async () => {
    for (const headers of [{ cookie: driver.cookie }, { authorization: `Bearer ${driver.token}` }] as Record<string, string>[]) {
      const res = await mailbox(REMOTE, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refused);
    }
  });

  it('lets signed-in staff read it from anywhere (cookie or bearer token)', async () => {
    for (const headers of [{ cookie: staff.cookie }, { authorization: `Bearer ${staff.token}` }] as Record<string, string>[]) {
      const res = await mailbox(REMOTE, headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.some((m: { to: string }) => m.to === 'mail-driver@example.com')).toBe(true);
    }
  });

  it('refuses a client that a proxy on this machine forwarded, even with TRUST_PROXY unset', async () => {
    const res = await mailbox('127.0.0.1', { 'x-forwarded-for': REMOTE });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
  });
});

describe('the dev mailbox behind a trusted proxy (TRUST_PROXY=true)', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', TRUST_PROXY: 'true' });
  const staff = await signedInStaff(app, 'mail-staff@example.com', 'Mail Staff');
  const mailbox = (remoteAddress: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/api/dev/mail', remoteAddress, headers });

  it('refuses an anonymous forwarded remote client (X-Forwarded-For: 203.0.113.9)', async () => {
    const res = await mailbox('127.0.0.1', { 'x-forwarded-for': REMOTE });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
  });

  it('refuses a remote client that claims to be 127.0.0.1 in X-Forwarded-For', async () => {
    for (const [address, forwarded] of [
      [REMOTE, '127.0.0.1'],
      ['127.0.0.1', `127.0.0.1, ${REMOTE}`],
    ] as const) {
      const res = await mailbox(address, { 'x-forwarded-for': forwarded });
      expect(res.statusCode, `${address} / ${forwarded}`).toBe(403);
    }
  });

  it('lets a browser on this machine through a local proxy read it, and staff from anywhere', async () => {
    expect((await mailbox('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
    expect((await mailbox('127.0.0.1', { 'x-forwarded-for': REMOTE, cookie: staff.cookie })).statusCode).toBe(200);
  });
});

describe('the start-up warning', async () => {
  const warnings = (lines: string[]) => lines.filter((l) => l.includes(DEV_MAILBOX_WARNING));
  const openLines: string[] = [];
  const open = await buildTestApp({ LOG_LEVEL: 'warn' }, { logStream: { write: (l) => void openLines.push(l) } });
  const localLines: string[] = [];
  const local = await buildTestApp({ LOG_LEVEL: 'warn' }, { logStream: { write: (l) => void localLines.push(l) } });

  it('warns when the server listens beyond loopback without SMTP_URL', async () => {
    await open.app.listen({ host: '0.0.0.0', port: 0 });
    expect(warnings(openLines)).toHaveLength(1);
    expect(JSON.parse(warnings(openLines)[0]!)).toMatchObject({ level: 40, address: '0.0.0.0' });
  });

  it('says nothing when it listens on loopback only', async () => {
    await local.app.listen({ host: '127.0.0.1', port: 0 });
    expect(warnings(localLines)).toHaveLength(0);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';

describe('/api/users', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const owner = await createConfirmedUser(app, 'owner@example.com', 'Owner1234', 'Olga Owner');
  const other = await createConfirmedUser(app, 'other@example.com', 'Other1234', 'Oleg Other');
  /** POST /api/users: the owner's record with this full name, sent with the given session. */
  const saveOwnersRecord = (cookie: string, fullName: string) =>
    app.inject({ method: 'POST', url: '/api/users', headers: { cookie }, payload: { 'user-id': owner.id, email: 'owner@example.com', 'full-name': fullName } });

  describe('without a session', () => {
    it.each([
      ['GET', undefined],
      ['POST', { 'user-id': 'x', email: 'owner@example.com', 'full-name': 'Olga' }],
      ['PATCH', { status: 'CONFIRMED' }],
    ] as const)('%s answers 401 "User is not authenticated"', async (method, payload) => {
      const res = await app.inject({ method, url: '/api/users', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'UNAUTHORIZED', key: 'error.unauthorized', message: 'User is not authenticated' });
    });

    it('rejects a forged or expired token', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/users', headers: { authorization: 'Bearer not-a-real-token' } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('as the owner', () => {
    it('GET returns the own record with the spec field names', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/users', headers: { cookie: owner.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: {
          'user-id': owner.id,
          email: 'owner@example.com',
          'full-name': 'Olga Owner',
          phone: null,
          status: 'CONFIRMED',
          role: 'user',
          has_password: true,
          payment_transactions: [],
        },
      });
    });

    it('POST creates (updates) only the own record', async () => {
      const res = await saveOwnersRecord(owner.cookie, 'Olga Ownerova');
      expect(res.statusCode).toBe(200);
      expect(res.json().data['full-name']).toBe('Olga Ownerova');
    });

    it('PATCH sets status CONFIRMED and nothing else', async () => {
      const ok = await app.inject({ method: 'PATCH', url: '/api/users', headers: { cookie: owner.cookie }, payload: { status: 'CONFIRMED' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.status).toBe('CONFIRMED');

      const other = await app.inject({ method: 'PATCH', url: '/api/users', headers: { cookie: owner.cookie }, payload: { status: 'UNCONFIRMED' } });
      expect(other.statusCode).toBe(400);
      expect(other.json().fields.status.message).toBe('Only the status CONFIRMED can be set.');

      const role = await app.inject({
        method: 'PATCH',
        url: '/api/users',
        headers: { cookie: owner.cookie },
        payload: { status: 'CONFIRMED', role: 'staff' },
      });
      expect(role.statusCode).toBe(400);
      const [row] = await app.db.select().from(user).where(eq(user.id, owner.id));
      expect(row?.role).toBe('user');
    });
  });

  describe("with another user's session", () => {
    it('POST for someone else is refused', async () => {
      const res = await saveOwnersRecord(other.cookie, 'Hacked');
      expect(res.statusCode).toBe(403);
      const [row] = await app.db.select().from(user).where(eq(user.id, owner.id));
      expect(row?.name).not.toBe('Hacked');
    });

    it('GET only ever returns the caller', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/users', headers: { cookie: other.cookie } });
      expect(res.json().data['user-id']).toBe(other.id);
    });
  });

  describe('email-check', () => {
    it('says whether an e-mail is taken', async () => {
      const yes = await app.inject({ method: 'POST', url: '/api/users/email-check', payload: { email: 'OWNER@example.com' } });
      expect(yes.json()).toEqual({ email_exist: true });
      const no = await app.inject({ method: 'POST', url: '/api/users/email-check', payload: { email: 'free@example.com' } });
      expect(no.json()).toEqual({ email_exist: false });
      const bad = await app.inject({ method: 'POST', url: '/api/users/email-check', payload: { email: 'nope' } });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('cross-site requests', () => {
    /** A state-changing call with these headers (the owner's cookie among them). */
    const patchWith = (headers: Record<string, string>) => app.inject({ method: 'PATCH', url: '/api/users', headers, payload: { status: 'CONFIRMED' } });

    it('refuses a state-changing call with our cookie from another origin', async () => {
      const res = await patchWith({ cookie: owner.cookie, origin: 'https://evil.example' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This request came from another site and was refused.');
    });

    it.each([
      ['referer', '::::'],
      ['referer', 'http://'],
      ['referer', 'not a url'],
      ['origin', '::::'],
      ['origin', 'null'],
      ['origin', 'http://localhost:3000/../x'],
    ])('refuses a cookie-carrying call with a malformed %s %j like a cross-site one (403, not 500)', async (header, value) => {
      const res = await patchWith({ cookie: owner.cookie, [header]: value });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', key: 'auth.crossSite', message: 'This request came from another site and was refused.' });
    });

    it('allows a page of our own as the Referer', async () => {
      const res = await patchWith({ cookie: owner.cookie, referer: 'http://localhost:3000/account?tab=settings' });
      expect(res.statusCode).toBe(200);
    });

    it('allows the same call from our own origin', async () => {
      const res = await patchWith({ cookie: owner.cookie, origin: 'http://localhost:3000' });
      expect(res.statusCode).toBe(200);
    });
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { session } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser, latestCode } from './helpers/auth';

describe('secrets stay out of the logs', async () => {
  const lines: string[] = [];
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', LOG_LEVEL: 'trace' }, { logStream: { write: (l) => void lines.push(l) } });

  it('never writes passwords, codes or session tokens', async () => {
    const me = await createConfirmedUser(app, 'logs@example.com', 'SuperSecret9');
    await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'logs@example.com', password: 'SuperSecret9' } });
    await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'logs@example.com', password: 'WrongSecret9' } });
    await app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${me.token}` } });
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'logs@example.com' } });
    const code = await latestCode(app, 'logs@example.com');
    const all = lines.join('\n');
    expect(all).not.toContain(code);
    expect(lines.length).toBeGreaterThan(5);
    expect(all).not.toContain('SuperSecret9');
    expect(all).not.toContain('WrongSecret9');
    expect(all).not.toContain(me.token);
  });
});

describe('session cookie and refresh', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });

  it('extends a session that is used after a day', async () => {
    const me = await createConfirmedUser(app, 'refresh@example.com');
    // Make the session look 29 days old: one day left.
    const soon = new Date(Date.now() + 24 * 3600 * 1000);
    await app.db.update(session).set({ expiresAt: soon }).where(eq(session.userId, me.id));
    const res = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: me.cookie } });
    expect(res.json().user?.email).toBe('refresh@example.com');
    const [row] = await app.db.select().from(session).where(eq(session.userId, me.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 20 * 24 * 3600 * 1000);
  });

  it('treats an expired session as signed out', async () => {
    const me = await createConfirmedUser(app, 'expired@example.com');
    await app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, me.id));
    const res = await app.inject({ method: 'GET', url: '/api/users', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(401);
  });
});

describe('behind HTTPS', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', PUBLIC_URL: 'https://medallion.example' });

  it('marks the session cookie Secure', async () => {
    await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Secure', email: 'secure@example.com', password: 'Taxi2024' } });
    const code = await latestCode(app, 'secure@example.com');
    const res = await app.inject({ method: 'POST', url: '/api/auth/confirm-sign-up', payload: { email: 'secure@example.com', code } });
    const cookie = res.cookies.find((c) => c.name.includes('session_token'));
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });
});

import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { mailOutbox, user } from '@medallion/db/schema';
import { ensureAccount } from '../../src/modules/auth/seed-accounts';
import { demoExemptionHolds } from '../../src/modules/auth/two-factor-policy';

/** The newest 6-digit code e-mailed to this address (read from the outbox, as a user reads the mail). */
export async function latestCode(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code e-mailed to ${email}`);
  return code;
}

/** The session cookie from a response, ready for a Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookies = res.cookies.filter((c) => c.name.includes('session_token'));
  if (cookies.length === 0) throw new Error(`no session cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/**
 * A staff account with this e-mail, made as the seed makes staff (confirmed, with a password), signed
 * in; returns its session cookie and bearer token. Staff must use two-step sign-in: by default the
 * account is marked exempt (as the demo seed marks the demo staff account), so tests of staff features
 * need no authenticator; `{ twoFactorExempt: false }` gives an account that follows the rule. The
 * exemption holds only on a loopback PUBLIC_URL (two-factor-policy.ts), so an exempt account on another
 * address is refused here rather than failing later with 403 TWO_FACTOR_REQUIRED.
 */
export async function signedInStaff(
  app: FastifyInstance,
  email: string,
  name = 'Staff',
  options: { twoFactorExempt?: boolean; password?: string } = {},
): Promise<{ cookie: string; token: string; id: string }> {
  const exempt = options.twoFactorExempt ?? true;
  if (exempt && !demoExemptionHolds(app.config.PUBLIC_URL)) {
    throw new Error(`an exempt staff account needs a loopback PUBLIC_URL (this app has ${app.config.PUBLIC_URL})`);
  }
  const password = options.password ?? 'Staff2024';
  const id = await ensureAccount(app.db, { email, password, name, role: 'staff' });
  await app.db.update(user).set({ twoFactorExempt: exempt }).where(eq(user.id, id));
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`staff sign-in failed: ${res.body}`);
  return { cookie: sessionCookie(res), token: (res.json() as { token: string }).token, id };
}

/** Signs up and confirms an account; returns its cookie, bearer token and id. */
export async function createConfirmedUser(app: FastifyInstance, email: string, password = 'Secret123', name = 'Test Driver') {
  const signUp = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name, email, password } });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  const code = await latestCode(app, email);
  const confirm = await app.inject({ method: 'POST', url: '/api/auth/confirm-sign-up', payload: { email, code } });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  const body = confirm.json() as { user: { id: string }; token: string };
  return { cookie: sessionCookie(confirm), token: body.token, id: body.user.id };
}

/** The app configured with "Google" pointing at a local OpenID provider (see oidc-provider.ts). */
export function googleEnv(client: { clientId: string; clientSecret: string }, discoveryUrl: string): Record<string, string> {
  return {
    AUTH_RATE_LIMIT_MAX: '1000',
    GOOGLE_CLIENT_ID: client.clientId,
    GOOGLE_CLIENT_SECRET: client.clientSecret,
    GOOGLE_DISCOVERY_URL: discoveryUrl,
  };
}

/** POST /api/auth/social/start: the provider URL and the browser's state cookie. */
export async function startSocial(app: FastifyInstance, provider = 'google', redirect?: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/social/start', payload: { provider, redirect } });
  if (res.statusCode !== 200) throw new Error(`social start failed: ${res.body}`);
  return { url: (res.json() as { url: string }).url, cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}

import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, inArray, like } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { verification } from '@medallion/db/schema';
import type { Auth } from './create-auth';

/*
 * "Trust this browser for 30 days" (better-auth's two-factor plugin): the browser keeps a signed cookie
 * `trust_device` = `<hmac>!trust-device-<random>`, and the server one verification record per trusted
 * browser, identifier `trust-device-<random>`, value the user id. A browser's trust is renewed (a new
 * identifier) at each sign-in that uses it.
 *
 * A trusted browser ends with its session: when a sign-in leaves a browser with a trust record, the
 * record is linked to that session (a verification row `trust-session-<sha256(session token)>` whose
 * value is the trust identifier), so that signing that session out from the Security tab forgets the
 * browser's trust too. Signing every other browser out, a password change and an e-mail change forget
 * every trusted browser but the one making the request (it keeps its session); a password reset and
 * turning two-step sign-in off forget them all.
 */

const TRUST_COOKIE = 'trust_device';
const SESSION_COOKIE = 'session_token';
const TRUST_PREFIX = 'trust-device-';
const LINK_PREFIX = 'trust-session-';

const linkId = (sessionToken: string) => `${LINK_PREFIX}${createHash('sha256').update(sessionToken).digest('hex')}`;

/** The value of a better-call signed cookie (`value.base64(HMAC-SHA256)`, URL-encoded), or null when the signature is wrong. */
function unsign(raw: string, secret: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = decoded.lastIndexOf('.');
  if (dot < 1) return null;
  const value = decoded.slice(0, dot);
  const given = Buffer.from(decoded.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(value).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/** name → value of a Cookie request header. */
function requestCookies(headers: Headers): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return out;
}

/** name → value of the Set-Cookie headers of an answer (an expired cookie's value is ''). */
function responseCookies(headers: Headers | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of headers?.getSetCookie() ?? []) {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
    out.set(pair.slice(0, eq).trim(), expired ? '' : pair.slice(eq + 1).trim());
  }
  return out;
}

async function cookieNames(auth: Auth) {
  const context = await auth.$context;
  return { trust: context.createAuthCookie(TRUST_COOKIE).name, session: context.createAuthCookie(SESSION_COOKIE).name, secret: context.secret };
}

/** The trust identifier a signed `trust_device` value names (`<hmac>!trust-device-…`), if any. */
function trustIdOf(raw: string | undefined, secret: string): string | null {
  const value = raw ? unsign(raw, secret) : null;
  const id = value?.split('!')[1];
  return id?.startsWith(TRUST_PREFIX) ? id : null;
}

/** The trust identifier of the browser making this request (its `trust_device` cookie), checked against its signature. */
export async function requestTrustId(auth: Auth, requestHeaders: Headers): Promise<string | null> {
  const { trust, secret } = await cookieNames(auth);
  return trustIdOf(requestCookies(requestHeaders).get(trust), secret);
}

/**
 * After a sign-in: links the browser's trust record (the one the answer sets, or else the one the
 * browser already holds) to the session the answer sets, so that ending that session forgets it.
 * Nothing to do when the account trusts no browser here.
 */
export async function linkTrustToSession(auth: Auth, db: Database, userId: string, requestHeaders: Headers, answer: Headers | null | undefined): Promise<void> {
  const { trust, session, secret } = await cookieNames(auth);
  const out = responseCookies(answer);
  const token = unsign(out.get(session) ?? '', secret);
  if (!token) return;
  // The answer renews or ends the trust ('' = the cookie is cleared); otherwise the browser keeps its own.
  const trustId = out.has(trust) ? trustIdOf(out.get(trust), secret) : trustIdOf(requestCookies(requestHeaders).get(trust), secret);
  if (!trustId) return;
  const [record] = await db
    .select({ expiresAt: verification.expiresAt })
    .from(verification)
    .where(and(eq(verification.identifier, trustId), eq(verification.value, userId), gt(verification.expiresAt, new Date())));
  if (!record) return;
  const now = new Date();
  await db
    .insert(verification)
    .values({ id: randomUUID(), identifier: linkId(token), value: trustId, expiresAt: record.expiresAt, createdAt: now, updatedAt: now });
}

/** Deletes trust records through better-auth (the row, and its copy in Redis with REDIS_URL), and their session links. */
async function forget(auth: Auth, db: Database, trustIds: string[]): Promise<void> {
  if (trustIds.length === 0) return;
  const context = await auth.$context;
  for (const identifier of trustIds) await context.internalAdapter.deleteVerificationByIdentifier(identifier);
  await db.delete(verification).where(and(like(verification.identifier, `${LINK_PREFIX}%`), inArray(verification.value, trustIds)));
}

/** Forgets these trust records of the user (another account's are left alone). */
export async function forgetTrust(auth: Auth, db: Database, userId: string, trustIds: string[]): Promise<void> {
  if (trustIds.length === 0) return;
  const mine = await db
    .select({ identifier: verification.identifier })
    .from(verification)
    .where(and(inArray(verification.identifier, trustIds), eq(verification.value, userId)));
  await forget(
    auth,
    db,
    mine.map((r) => r.identifier),
  );
}

/** Forgets the trust of the browsers whose sessions (by token) are being signed out. */
export async function forgetTrustOfSessions(auth: Auth, db: Database, userId: string, sessionTokens: string[]): Promise<void> {
  if (sessionTokens.length === 0) return;
  const links = await db
    .select({ trustId: verification.value })
    .from(verification)
    .where(inArray(verification.identifier, sessionTokens.map(linkId)));
  await forgetTrust(auth, db, userId, [...new Set(links.map((l) => l.trustId))]);
  await db.delete(verification).where(inArray(verification.identifier, sessionTokens.map(linkId)));
}

/**
 * Forgets every browser the account trusted for 30 days, but `keep` (the trust identifier of the browser
 * that keeps its session, from requestTrustId), so every other browser is asked for the code again.
 */
export async function forgetTrustedBrowsers(auth: Auth, db: Database, userId: string, keep: string | null = null): Promise<void> {
  const rows = await db
    .select({ identifier: verification.identifier })
    .from(verification)
    .where(and(like(verification.identifier, `${TRUST_PREFIX}%`), eq(verification.value, userId)));
  await forget(
    auth,
    db,
    rows.map((r) => r.identifier).filter((id) => id !== keep),
  );
}

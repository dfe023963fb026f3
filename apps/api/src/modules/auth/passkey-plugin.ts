import { randomBytes, randomUUID } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, sessionMiddleware } from 'better-auth/api';
import { expireCookie, setSessionCookie } from 'better-auth/cookies';
import type { GenericEndpointContext } from '@better-auth/core';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, count, eq, lt, like, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_PASSKEYS, PASSKEY_CHALLENGE_TTL_SECONDS } from '@medallion/contracts/passkeys';
import type { Database } from '@medallion/db/client';
import { passkey, user, verification } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { passkeyAddedEmail } from './passkey-added-email';

/*
 * Passkeys (WebAuthn) as a small better-auth plugin of our own (decision 0008): @better-auth/passkey
 * cannot be installed next to our better-auth (its pinned peers), so this does what it does with the
 * library it uses (@simplewebauthn/server) and its table (`passkey`, the same columns), so that moving to
 * it later is a code swap. Its endpoints are reached only through auth.api.* from our routes
 * (passkey-routes.ts), like the rest of better-auth. On top of the upstream plugin: a challenge is taken
 * from the database atomically (a replayed or parallel answer finds nothing), user verification is
 * required (a passkey replaces both the password and the second factor), a passkey whose signature
 * counter went back is refused, and at most MAX_PASSKEYS per account.
 */

/** The relying party: the site of PUBLIC_URL (WebAuthn scopes a passkey to its host name). */
export function relyingParty(publicUrl: string) {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'Medallion' };
}

/**
 * Whether browsers make and use passkeys for PUBLIC_URL: a secure origin (https, or http on localhost)
 * whose host is a domain name (WebAuthn takes no IP address, 127.0.0.1 included, as the relying party).
 * Elsewhere the web says what is needed (apps/web lib/passkeys.ts) and the server warns at start.
 */
export function passkeysWorkAt(publicUrl: string): boolean {
  const { protocol, hostname } = new URL(publicUrl);
  if (/^\d+\.\d+\.\d+\.\d+$/.test(hostname) || hostname.startsWith('[')) return false;
  return protocol === 'https:' || hostname === 'localhost' || hostname.endsWith('.localhost');
}

export const PASSKEYS_UNAVAILABLE_WARNING =
  'passkeys will not work at PUBLIC_URL: browsers use them only at an https address or on localhost, never at an IP address; set PUBLIC_URL to the address visitors open';

/** Our error codes of this plugin (APIError body.code); passkey-errors.ts gives each its message. */
export const PASSKEY_ERRORS = {
  CHALLENGE_EXPIRED: 'PASSKEY_CHALLENGE_EXPIRED',
  NOT_VERIFIED: 'PASSKEY_NOT_VERIFIED',
  UNKNOWN: 'PASSKEY_UNKNOWN',
  ALREADY_ADDED: 'PASSKEY_ALREADY_ADDED',
  TOO_MANY: 'PASSKEY_TOO_MANY',
} as const;

const CHALLENGE_COOKIE = 'passkey_challenge';
const CHALLENGE_PREFIX = 'passkey-challenge:';
const TIMEOUT_MS = PASSKEY_CHALLENGE_TTL_SECONDS * 1000;

type ChallengeKind = 'register' | 'sign-in';
interface StoredChallenge {
  kind: ChallengeKind;
  challenge: string;
  /** The signed-in user a registration is for ('' for a sign-in). */
  userId: string;
}

function fail(status: 'BAD_REQUEST' | 'UNAUTHORIZED' | 'CONFLICT', code: string, message: string): APIError {
  return new APIError(status, { code, message });
}

/**
 * A new challenge for this browser: kept in `verification` under a random id for 5 minutes, the id in
 * a signed, httpOnly cookie. Expired challenges of earlier attempts are cleared on the way.
 */
async function issueChallenge(ctx: GenericEndpointContext, db: Database, stored: StoredChallenge): Promise<void> {
  const id = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.delete(verification).where(and(like(verification.identifier, `${CHALLENGE_PREFIX}%`), lt(verification.expiresAt, now)));
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: CHALLENGE_PREFIX + id,
    value: JSON.stringify(stored),
    expiresAt: new Date(now.getTime() + TIMEOUT_MS),
  });
  const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE);
  await ctx.setSignedCookie(cookie.name, id, ctx.context.secret, { ...cookie.attributes, maxAge: PASSKEY_CHALLENGE_TTL_SECONDS });
}

/**
 * The browser's challenge, taken once: the row is deleted as it is read (DELETE … RETURNING), so a
 * second answer with the same challenge, in turn or in parallel, finds nothing. The cookie goes too.
 */
async function takeChallenge(ctx: GenericEndpointContext, db: Database, kind: ChallengeKind): Promise<StoredChallenge> {
  const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE);
  const id = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  expireCookie(ctx, cookie);
  const expired = fail('BAD_REQUEST', PASSKEY_ERRORS.CHALLENGE_EXPIRED, 'The passkey request has expired or was already used.');
  if (!id) throw expired;
  const [row] = await db
    .delete(verification)
    .where(eq(verification.identifier, CHALLENGE_PREFIX + id))
    .returning({ value: verification.value, expiresAt: verification.expiresAt });
  if (!row || row.expiresAt.getTime() <= Date.now()) throw expired;
  const stored = JSON.parse(row.value) as StoredChallenge;
  if (stored.kind !== kind) throw expired;
  return stored;
}

const transportsOf = (value: string | null) => (value ? (value.split(',').filter(Boolean) as AuthenticatorTransport[]) : undefined);

const registerBody = z.object({ response: z.record(z.string(), z.unknown()), name: z.string() });
const signInBody = z.object({ response: z.record(z.string(), z.unknown()) });

export interface PasskeyPluginOptions {
  db: Database;
  /** The owner is e-mailed about every new passkey (in the transaction that adds it). */
  mailer: Mailer;
  publicUrl: string;
}

export function passkeyPlugin({ db, mailer, publicUrl }: PasskeyPluginOptions) {
  const rp = relyingParty(publicUrl);

  return {
    id: 'medallion-passkey',
    endpoints: {
      /** Options to create a passkey for the signed-in user (whose session stepped up: passkey-routes.ts, step-up.ts). */
      passkeyRegistrationOptions: createAuthEndpoint('/passkey/registration-options', { method: 'POST', use: [sessionMiddleware] }, async (ctx) => {
        const { user: me } = ctx.context.session;
        const existing = await db.select({ credentialId: passkey.credentialId, transports: passkey.transports }).from(passkey).where(eq(passkey.userId, me.id));
        if (existing.length >= MAX_PASSKEYS) throw fail('BAD_REQUEST', PASSKEY_ERRORS.TOO_MANY, 'Too many passkeys.');
        const options = await generateRegistrationOptions({
          rpName: rp.rpName,
          rpID: rp.rpID,
          // The account's id as the user handle: the same on every passkey of the account, no personal data.
          userID: new TextEncoder().encode(me.id),
          userName: me.email,
          userDisplayName: me.name || me.email,
          timeout: TIMEOUT_MS,
          attestationType: 'none',
          // The authenticator refuses to make a second passkey of this account.
          excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
          // Discoverable (sign-in without an e-mail) and verified (Face ID, a fingerprint, a PIN).
          authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        });
        await issueChallenge(ctx, db, { kind: 'register', challenge: options.challenge, userId: me.id });
        return ctx.json({ options });
      }),

      /** Checks the authenticator's answer and keeps the new passkey. */
      passkeyRegister: createAuthEndpoint('/passkey/register', { method: 'POST', body: registerBody, use: [sessionMiddleware] }, async (ctx) => {
        const { user: me } = ctx.context.session;
        const challenge = await takeChallenge(ctx, db, 'register');
        const notVerified = fail('BAD_REQUEST', PASSKEY_ERRORS.NOT_VERIFIED, 'The passkey could not be verified.');
        if (challenge.userId !== me.id) throw notVerified;
        let info;
        try {
          const result = await verifyRegistrationResponse({
            response: ctx.body.response as unknown as RegistrationResponseJSON,
            expectedChallenge: challenge.challenge,
            expectedOrigin: rp.origin,
            expectedRPID: rp.rpID,
            requireUserVerification: true,
          });
          if (!result.verified) throw notVerified;
          info = result.registrationInfo;
        } catch {
          throw notVerified;
        }
        const response = ctx.body.response as unknown as RegistrationResponseJSON;
        const row = await db.transaction(async (tx) => {
          // One at a time per account: the count below holds until the insert.
          await tx.select({ id: user.id }).from(user).where(eq(user.id, me.id)).for('update');
          const [{ n }] = (await tx.select({ n: count() }).from(passkey).where(eq(passkey.userId, me.id))) as [{ n: number }];
          if (n >= MAX_PASSKEYS) throw fail('BAD_REQUEST', PASSKEY_ERRORS.TOO_MANY, 'Too many passkeys.');
          const [inserted] = await tx
            .insert(passkey)
            .values({
              id: randomUUID(),
              name: ctx.body.name,
              userId: me.id,
              credentialId: info.credential.id,
              // Standard base64 of the COSE key, as @better-auth/passkey stores it.
              publicKey: Buffer.from(info.credential.publicKey).toString('base64'),
              counter: info.credential.counter,
              deviceType: info.credentialDeviceType,
              backedUp: info.credentialBackedUp,
              transports: (response.response.transports ?? []).join(',') || null,
              aaguid: info.aaguid,
            })
            .onConflictDoNothing({ target: passkey.credentialId })
            .returning();
          if (inserted) await mailer.send(passkeyAddedEmail({ to: me.email, at: inserted.createdAt, name: ctx.body.name, publicUrl }), tx);
          return inserted;
        });
        if (!row) throw fail('CONFLICT', PASSKEY_ERRORS.ALREADY_ADDED, 'This passkey is already added.');
        mailer.deliverSoon();
        return ctx.json({ passkey: row });
      }),

      /** Options to sign in with any passkey of this site (discoverable: no e-mail asked). */
      passkeySignInOptions: createAuthEndpoint('/passkey/sign-in-options', { method: 'POST' }, async (ctx) => {
        const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'required', timeout: TIMEOUT_MS });
        await issueChallenge(ctx, db, { kind: 'sign-in', challenge: options.challenge, userId: '' });
        return ctx.json({ options });
      }),

      /** Checks the signature with the stored key and counter, and signs in (a session cookie, as the password's). */
      passkeySignIn: createAuthEndpoint('/passkey/sign-in', { method: 'POST', body: signInBody }, async (ctx) => {
        const challenge = await takeChallenge(ctx, db, 'sign-in');
        const response = ctx.body.response as unknown as AuthenticationResponseJSON;
        const [stored] = await db
          .select()
          .from(passkey)
          .where(eq(passkey.credentialId, String(response.id)));
        if (!stored) throw fail('UNAUTHORIZED', PASSKEY_ERRORS.UNKNOWN, 'This passkey is not registered.');
        const notVerified = fail('UNAUTHORIZED', PASSKEY_ERRORS.NOT_VERIFIED, 'The passkey could not be verified.');
        let newCounter: number;
        try {
          const result = await verifyAuthenticationResponse({
            response,
            expectedChallenge: challenge.challenge,
            expectedOrigin: rp.origin,
            expectedRPID: rp.rpID,
            credential: {
              id: stored.credentialId,
              publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64')),
              counter: stored.counter,
              transports: transportsOf(stored.transports),
            },
            // A counter that did not go up (a cloned authenticator) is refused by the library.
            requireUserVerification: true,
          });
          if (!result.verified) throw notVerified;
          newCounter = result.authenticationInfo.newCounter;
        } catch {
          throw notVerified;
        }
        // Only from the counter just checked: of two sign-ins racing with one counter value, one wins.
        const [used] = await db
          .update(passkey)
          .set({ counter: newCounter, lastUsedAt: sql`now()` })
          .where(and(eq(passkey.id, stored.id), eq(passkey.counter, stored.counter)))
          .returning({ id: passkey.id });
        if (!used) throw notVerified;
        const found = await ctx.context.internalAdapter.findUserById(stored.userId);
        if (!found) throw fail('UNAUTHORIZED', PASSKEY_ERRORS.UNKNOWN, 'This passkey is not registered.');
        const session = await ctx.context.internalAdapter.createSession(found.id);
        await setSessionCookie(ctx, { session, user: found });
        return ctx.json({ user: found as typeof found & Record<string, unknown>, token: session.token });
      }),
    },
  } satisfies BetterAuthPlugin;
}

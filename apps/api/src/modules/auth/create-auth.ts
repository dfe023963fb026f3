import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, emailOTP, genericOAuth, twoFactor } from 'better-auth/plugins';
import { CODE_MAX_ATTEMPTS, CODE_TTL_SECONDS, RECOVERY_CODE_COUNT, TRUST_BROWSER_DAYS } from '@medallion/contracts/auth';
import type { Database } from '@medallion/db/client';
import { account, session, twoFactor as twoFactorTable, user, verification } from '@medallion/db/schema';
import type { Config } from '../../config';
import type { Mailer } from '../../integrations/mail/mailer';
import { redisAuthStorage } from '../../integrations/redis/auth-storage';
import type { SharedRedis } from '../../integrations/redis/redis-client';
import { codeEmail } from './code-email';
import { passkeyPlugin } from './passkey-plugin';
import type { PasswordHashing } from './password-hashing';
import { socialProviders } from './social-providers';
import { socialSecondStep } from './social-second-step';
import { carryStepUp } from './step-up';
import { AUTH_COOKIE_PREFIX } from '@medallion/contracts/site';
import { CLIENT_IP_HEADER } from '../../lib/web-headers';

export interface CreateAuthOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
  secret: string;
  /** With REDIS_URL: sessions are read from Redis, shared by every instance (decision 0005). */
  redis?: SharedRedis;
  /** Every password hash and check, through a bounded queue (password-hashing.ts). */
  passwordHashing: Pick<PasswordHashing, 'hash' | 'verify'>;
}

/**
 * better-auth over our database: e-mail + password, 6-digit e-mailed codes (verification and password
 * reset), bearer tokens for API clients, and a role field (user, staff). Its HTTP endpoints are not exposed
 * wholesale: modules/auth/routes.ts calls auth.api.* and keeps our validation, limits and error model.
 */
export function createAuth({ db, config, mailer, secret, redis, passwordHashing }: CreateAuthOptions) {
  const secure = config.PUBLIC_URL.startsWith('https://');
  return betterAuth({
    appName: 'Medallion',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [new URL(config.PUBLIC_URL).origin],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification, twoFactor: twoFactorTable } }),
    // Several instances: sessions (with their user) are read from Redis; the database keeps every
    // session too (the record, and the fallback when Redis lost a key) and every verification code
    // (one-time, counted tries). Direct changes to a user refresh the copies (session-cache.ts).
    ...(redis ? { secondaryStorage: redisAuthStorage(redis), verification: { storeInDatabase: true } } : {}),
    user: {
      additionalFields: {
        status: { type: 'string', required: false, defaultValue: 'UNCONFIRMED', input: false },
        phone: { type: 'string', required: false, input: false },
        /** user or staff; set only by the seed or by staff tools, never by the user. */
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        /** Set only by the demo seed (two-factor-policy.ts). */
        twoFactorExempt: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      password: { hash: passwordHashing.hash, verify: passwordHashing.verify },
    },
    emailVerification: {
      autoSignInAfterVerification: true,
    },
    databaseHooks: {
      session: {
        create: {
          // A session replaced in a call of its owner (two-step on or off) keeps its step-up (step-up.ts).
          after: async (created, ctx) => {
            const from = ctx?.context.session?.session;
            if (from && from.id !== created.id && from.userId === created.userId) await carryStepUp(db, from.id, created);
          },
        },
      },
      user: {
        create: {
          // An e-mail the identity provider has verified needs no code: the account is CONFIRMED at once.
          before: async (data) => ({ data: { ...data, status: data.emailVerified ? 'CONFIRMED' : 'UNCONFIRMED' } }),
        },
      },
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: ['google', 'oidc'] },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      ...(redis ? { storeSessionInDatabase: true } : {}),
    },
    // Limits are applied per route in Fastify (per IP; in Redis with REDIS_URL) and per account in the
    // services (sign_in_failures, the code quota: PostgreSQL), so every instance counts the same. This
    // limiter would only see requests through better-auth's own router, which is not exposed.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      // The address a session records (the Security tab shows it masked): Fastify's request.ip, never
      // an X-Forwarded-For the client wrote itself (see toWebHeaders).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
    },
    // Errors only: its warnings ("User not found", "Invalid password") say what our routes log already,
    // and one line per wrong sign-in would let a flood fill the log.
    logger: { disabled: config.NODE_ENV === 'test', level: 'error' },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_TTL_SECONDS,
        allowedAttempts: CODE_MAX_ATTEMPTS,
        storeOTP: 'hashed',
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        // A new address is confirmed with a code sent to it (modules/profile/change-email.ts asks for the password first).
        changeEmail: { enabled: true },
        async sendVerificationOTP({ email, otp, type }) {
          // 'sign-in' codes are only used to confirm deleting an account without a password.
          const purpose = type === 'forget-password' ? 'reset' : type === 'sign-in' ? 'delete' : type === 'change-email' ? 'email-change' : 'confirm';
          await mailer.send(codeEmail({ to: email, code: otp, purpose }));
        },
      }),
      // Authenticator app (TOTP, RFC 6238) and 10 single-use recovery codes; sign-in with two-factor on
      // answers twoFactorRedirect and a short-lived challenge cookie instead of a session. "Trust this
      // browser" lasts 30 days. Our routes add what the plugin lacks: replay refusal and per-IP limits.
      twoFactor({
        issuer: 'Medallion',
        trustDeviceMaxAge: TRUST_BROWSER_DAYS * 24 * 60 * 60,
        backupCodeOptions: { amount: RECOVERY_CODE_COUNT, storeBackupCodes: 'encrypted' },
      }),
      // The same second step after a social sign-in (the plugin's own hook only follows a password).
      socialSecondStep({ trustDeviceMaxAge: TRUST_BROWSER_DAYS * 24 * 60 * 60 }),
      bearer(),
      passkeyPlugin({ db, mailer, publicUrl: config.PUBLIC_URL }),
      ...(socialProviders(config).length > 0 ? [genericOAuth({ config: socialProviders(config).map((p) => p.oauth) })] : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

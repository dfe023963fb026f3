import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { PASSWORD_PATTERN } from '@medallion/contracts/auth';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './modules/auth/common-passwords';

const here = dirname(fileURLToPath(import.meta.url));
/** apps/web/dist, from either apps/api/src (tsx, tests) or apps/api/dist (built). */
const defaultWebDist = resolve(here, '../../web/dist');

/** A rate-limit window in milliseconds: at least a second, 15 minutes unless set. */
const rateLimitWindowMs = z.coerce
  .number()
  .int()
  .min(1000)
  .default(15 * 60_000);
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where the offline VIN database (NHTSA vPIC, ~85 MB) is unpacked (in the background after the start); default DATA_DIR/vpic. */
  VPIC_CACHE_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Public address of the site; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  WEB_DIST: z.string().min(1).default(defaultWebDist),
  /** How long the server reuses an anonymous page's rendered HTML (0 turns it off). */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Medallion <no-reply@medallion.example>'),
  SUPPORT_EMAIL: z.email().default('support@medallion.example'),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(10).default(3_600_000),
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(5000),
  /** How long a message claimed for delivery is reserved for one server; after it, another may retry it. */
  MAIL_LEASE_MS: z.coerce.number().int().min(100).default(300_000),
  /** How long "Your password was used…" waits for the two-step code from the same browser (known-browsers.ts). */
  PASSWORD_NOTICE_DELAY_MS: z.coerce.number().int().min(0).default(300_000),
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  CONTACT_RATE_LIMIT_WINDOW_MS: rateLimitWindowMs,
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  TRUST_PROXY: bool.default(false),
  /** Signs sessions and cookies. Without it, a random secret is generated once and kept in the database. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  AUTH_RATE_LIMIT_WINDOW_MS: rateLimitWindowMs,
  /**
   * Password hashes (scrypt, 32 MB and ~50-100 ms of a core each) that run at once in this process, and
   * how many may wait in each lane (password-hashing.ts): a sign-in from a browser that signed in to that
   * account before has its own lane; beyond the waiting places a request is refused at once with 503 and
   * Retry-After. Default: one less than the cores (at least 1), so a flood of sign-ins leaves a core free;
   * 32 may wait (a scrypt check takes about 60-100 ms, so the last waits about 2-3 s on one core): a burst
   * of real sign-ins (20 buyers at a sale) waits its turn, a flood beyond that is refused.
   */
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(() => Math.max(1, availableParallelism() - 1)),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(1000).default(32),
  /**
   * Pictures decoded and re-encoded at once in this process (sharp, one libvips thread each), and how many
   * may wait; one more upload is refused with 503 and Retry-After (integrations/images/image-queue.ts).
   */
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  IMAGE_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  /** Staff account created at start when both are set (production: no demo accounts, staff from env). */
  STAFF_EMAIL: z.email().optional(),
  /** At least 10 characters and the sign-up password rule; not a common password (assertStaffPasswordNotCommon). */
  STAFF_PASSWORD: z
    .string()
    .min(10, 'must be at least 10 characters')
    .regex(PASSWORD_PATTERN, 'must follow the password rule: letters and digits only, with a digit, a lowercase and an uppercase letter')
    .optional(),
  /** "Continue with Google": shown only when both are set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google's OpenID configuration; changed only to test against a local provider. */
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
  /** A second OpenID Connect provider (e.g. Microsoft, Apple), shown as "Continue with OIDC_NAME". */
  OIDC_NAME: z.string().min(1).default('Microsoft'),
  OIDC_DISCOVERY_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** Real card payments through Stripe; without a secret key the offline sandbox gateway is used. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must start with sk_test_, sk_live_, rk_test_ or rk_live_')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'must start with pk_test_ or pk_live_')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  /** Only for tests against a local server that speaks Stripe's API, e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: z.url().optional(),
  /** Stripe.js, loaded by the card form in Stripe mode (its origin is allowed by the CSP); changed only for tests. */
  STRIPE_JS_URL: z.url().default('https://js.stripe.com/v3/'),
  /**
   * A payment still `processing` after this long is recovered: the provider is asked what happened to
   * its charge, then it is settled or released. Longer than any charge can take (Stripe: ~4 minutes
   * with retries) so an answer still on its way is never overtaken.
   */
  PAYMENT_PROCESSING_LEASE_MS: z.coerce.number().int().min(1000).default(600_000),
  /** How often each server looks for payments left in `processing` (and once at start). */
  PAYMENT_RECOVERY_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * How often each server runs the rentals' money round (decision 0015): the weekly rent due today,
   * the retries of declined weeks, weeks left processing by a stopped server, and the owners' payouts.
   * Every server runs it; rows are claimed with SKIP LOCKED, so each week is charged once.
   */
  RENT_JOB_INTERVAL_MS: z.coerce.number().int().min(1000).default(300_000),
  /**
   * How often each server looks for users due a saved-search digest (one e-mail a day each). A round
   * is leased, so among several servers one runs it at a time.
   */
  SAVED_SEARCH_DIGEST_INTERVAL_MS: z.coerce.number().int().min(1000).default(900_000),
  /** How often each server runs a license-tracker reminder round (leased: one server at a time; docs/license-tracker.md). */
  LICENSE_REMINDER_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  /** The six-character exam promo code ($5 off), compared case-insensitively. */
  // Listing photos and product images: local disk under DATA_DIR/media unless S3_BUCKET is set.
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  S3_PUBLIC_URL: z.url().optional(),
  /**
   * DATA_DIR/media is one folder every server instance sees (a shared volume). Only read when several
   * instances run (REDIS_URL set) without S3_BUCKET: local pictures would otherwise be per instance.
   */
  MEDIA_SHARED: bool.default(false),
  /**
   * Shared state of several server instances (rate limits, sessions, hot caches). Setting it declares
   * that several instances run behind a load balancer. Without it, that state stays in this process.
   * The readiness check PINGs it when set.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Prefix of every key this app writes to Redis (several apps or test runs can share one Redis). */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('medallion:'),
  /** Shipping price of a shop order, in cents (spec default $4.99). */
  SHOP_SHIPPING_CENTS: z.coerce.number().int().min(0).max(100_000).default(499),
  /** Advertising conversion hook: POSTed {order_id, value, currency} after each paid order; off when unset. */
  CONVERSION_WEBHOOK_URL: z.url().optional(),
  EXAM_PROMO_CODE: z.string().length(6, 'must be 6 characters').default('TLC500'),
  SEED_DEMO_DATA: bool.default(true),
  /**
   * Test hooks for the end-to-end tests (modules/test-hooks): a staff account may move one rental's dates
   * into the past, as if days went by, run the rental jobs at once, and make a sandbox card decline. Only
   * on a local server (PUBLIC_URL on localhost or 127.0.0.1) with the sandbox gateway; never in production.
   */
  TEST_HOOKS: bool.default(false),
  /** How long a graceful shutdown (SIGTERM/SIGINT) may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** This instance's name, sent in the X-Served-By header and written in every log line (unset: no header). */
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'letters, digits and . _ : - only, at most 64')
    .optional(),
  /**
   * Prometheus metrics. METRICS_PORT: served at /metrics on that port of METRICS_HOST only (an
   * internal port the load balancer does not forward). METRICS_TOKEN: also served at /metrics on the
   * public port to `Authorization: Bearer <token>`. Neither: /metrics is not served (404).
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

/** Why a server of several (REDIS_URL set) refuses pictures on its own disk, and what to set. */
export const MEDIA_NOT_SHARED =
  'S3_BUCKET: required when several server instances run (REDIS_URL is set): pictures on local disk ' +
  '(DATA_DIR/media) would be seen only by the instance that received the upload. Set S3_BUCKET (and ' +
  'S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY for an S3-compatible server), or MEDIA_SHARED=true ' +
  'when DATA_DIR/media is one folder that every instance mounts.';

/** Why a server refuses TEST_HOOKS=true. */
export const TEST_HOOKS_LOCAL_ONLY =
  'TEST_HOOKS: only for a local test server: PUBLIC_URL must be http://localhost or http://127.0.0.1 and ' +
  'either STRIPE_SECRET_KEY unset (the sandbox gateway) or STRIPE_API_URL a loopback address (the local fake of Stripe). Remove TEST_HOOKS.';

/** A loopback address (the local fake of Stripe in tests): never Stripe itself. */
const isLoopbackUrl = (url: string | undefined) => !!url && /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/.*)?$/.test(url);

export type Config = z.infer<typeof configSchema> & { PUBLIC_URL: string };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws a ConfigError listing every problem at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as "not set", so `SMTP_URL=` in a .env file means no SMTP.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  if (parsed.data.STRIPE_SECRET_KEY && !parsed.data.STRIPE_PUBLISHABLE_KEY) {
    throw new ConfigError(['STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set']);
  }
  if (parsed.data.REDIS_URL && !parsed.data.S3_BUCKET && !parsed.data.MEDIA_SHARED) {
    throw new ConfigError([MEDIA_NOT_SHARED]);
  }
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  if (
    parsed.data.TEST_HOOKS &&
    (!/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(publicUrl) || (parsed.data.STRIPE_SECRET_KEY && !isLoopbackUrl(parsed.data.STRIPE_API_URL)))
  ) {
    throw new ConfigError([TEST_HOOKS_LOCAL_ONLY]);
  }
  return { ...parsed.data, PUBLIC_URL: publicUrl };
}

/**
 * Refuses to start with a STAFF_PASSWORD on the common-password list (the check sign-up makes; the list
 * is loaded on demand, so this is apart from loadConfig). Throws a ConfigError saying what to change.
 */
export async function assertStaffPasswordNotCommon(config: Pick<Config, 'STAFF_PASSWORD'>): Promise<void> {
  if (config.STAFF_PASSWORD && (await isCommonPassword(config.STAFF_PASSWORD))) {
    throw new ConfigError([
      `STAFF_PASSWORD: is one of the ${COMMON_PASSWORD_COUNT.toLocaleString('en-US')} most common passwords (checked ignoring case); choose another`,
    ]);
  }
}

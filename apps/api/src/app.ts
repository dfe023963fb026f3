import { join } from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { toMessage } from '@medallion/contracts/messages';
import {
  DEV_MAILBOX_ROUTE,
  EMAIL_RESTORE_ROUTE,
  RENTAL_HANDOVER_ROUTE,
  RENTAL_PAY_ROUTES,
  STAFF_ROUTE_PATTERNS,
  UNSUBSCRIBE_ROUTE,
} from '@medallion/contracts/site';
import type { DatabaseHandle } from '@medallion/db/client';
import type { Config } from './config';
import { createMailer } from './integrations/mail/mailer';
import { createSmtpTransport } from './integrations/mail/smtp-transport';
import { createDiskStorage, MEDIA_ROUTE_PREFIX } from './integrations/storage/disk-storage';
import { createS3Storage } from './integrations/storage/s3-storage';
import type { Storage } from './integrations/storage/storage';
import { connectRedis } from './integrations/redis/redis-client';
import { redisCache } from './integrations/redis/shared-cache';
import { createVinDecoder } from './integrations/car-data/vin-decoder';
import { createSandboxGateway } from './integrations/payments/sandbox-gateway';
import { createStripeGateway } from './integrations/payments/stripe-gateway';
import { paymentsWebhookRoutes } from './modules/payments/webhook-routes';
import { paymentsRoutes } from './modules/payments/routes';
import { registerPaymentRecovery } from './modules/payments/payment-recovery-job';
import { rentalPaymentsRoutes } from './modules/rental-payments/routes';
import { rentalHandoverRoutes } from './modules/rental-handover/routes';
import { registerDepositJob } from './modules/rental-handover/deposit-job';
import { registerRentJobs } from './modules/rental-payments/rent-jobs';
import { digestMailHeaders } from './modules/saved/digest-email';
import { savedRoutes } from './modules/saved/routes';
import { rentalRoutes } from './modules/rentals/routes';
import { registerRentalExpiry } from './modules/rentals/rental-expiry-job';
import { testHookRoutes } from './modules/test-hooks/routes';
import { devDigestRoutes } from './modules/saved/dev-routes';
import { registerSearchDigest } from './modules/saved/search-digest-job';
import { licenseTrackerRoutes } from './modules/license-tracker/routes';
import { devLicenseReminderRoutes } from './modules/license-tracker/dev-routes';
import { registerLicenseReminders } from './modules/license-tracker/license-reminder-job';
import { reminderKey } from './modules/license-tracker/reminder-token';
import { reminderMailHeaders } from './modules/license-tracker/reminder-email';
import { resolveAuthSecret } from './modules/auth/auth-secret';
import { createAuth } from './modules/auth/create-auth';
import { boundedPasswordHashing } from './modules/auth/password-hashing';
import { configureImageQueue } from './integrations/images/image-queue';
import { adminRoutes } from './modules/admin/routes';
import { authRoutes } from './modules/auth/routes';
import { sessionRoutes } from './modules/auth/session-routes';
import { twoFactorRoutes } from './modules/auth/two-factor-routes';
import { stepUpRoutes } from './modules/auth/step-up-routes';
import { usersRoutes } from './modules/users/routes';
import { profileRoutes } from './modules/profile/routes';
import { listingsRoutes } from './modules/listings/routes';
import { listingReportsRoutes } from './modules/listing-reports/routes';
import { messagesRoutes } from './modules/messages/routes';
import { examRoutes } from './modules/exam/routes';
import { shopRoutes } from './modules/shop/routes';
import { createConversionHook } from './integrations/analytics/conversion-hook';
import { ensureConfiguredPromo } from './modules/exam/promo-codes';
import { createQuestionBank } from './modules/exam/question-bank';
import { carsRoutes } from './modules/cars/routes';
import { registerAuth } from './plugins/auth';
import { contactRoutes } from './modules/contact/routes';
import { devMailRoutes } from './modules/dev-mail/routes';
import { DEV_MAILBOX_WARNING } from './modules/dev-mail/mailbox-access';
import { isLoopbackAddress, isLoopbackUrl } from './lib/loopback';
import { DEMO_DATA_PUBLIC_WARNING } from './modules/auth/two-factor-policy';
import { PASSKEYS_UNAVAILABLE_WARNING, passkeysWorkAt } from './modules/auth/passkey-plugin';
import { healthRoutes } from './modules/health/routes';
import { seoRoutes } from './modules/seo/routes';
import { registerDocs } from './plugins/docs';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';
import { registerLifecycle } from './plugins/lifecycle';
import { registerMetrics } from './plugins/metrics';
import { registerRequestId, requestIdFor } from './plugins/request-id';
import { contextLogger } from './lib/request-context';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Serve the built SPA (default true). */
  serveWeb?: boolean;
  /** Where logs go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
}

/** Builds the whole Fastify app: plugins first, then the API modules under /api, then the SPA. */
export async function buildApp({ config, database, serveWeb = true, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(logStream ? { stream: logStream } : {}),
      // Several instances write to one log store: every line says which one wrote it.
      ...(config.INSTANCE_ID ? { base: { pid: process.pid, instance: config.INSTANCE_ID } } : {}),
    },
    // The caller's X-Request-Id (nginx's $request_id) when it looks like one, else a UUID; logged as reqId.
    genReqId: requestIdFor,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // While draining, a request that still arrives on an open connection is served (with Connection:
    // close), not answered 503: a proxy never retries a POST that got an answer, so a 503 would lose it.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Several instances share rate limits, sessions and hot caches through Redis (REDIS_URL, decision 0005).
  const redis = config.REDIS_URL ? await connectRedis({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX, logger: app.log }) : undefined;
  app.decorate('redis', redis);
  if (redis) app.addHook('onClose', async () => redis.close());

  // Integrations built once log with the current request's id when they work for a request.
  const log = contextLogger(app.log);
  const mailer = createMailer({
    db: database.db,
    logger: log,
    from: config.MAIL_FROM,
    transport: config.SMTP_URL ? createSmtpTransport(config.SMTP_URL) : undefined,
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    retryMaxMs: config.MAIL_RETRY_MAX_MS,
    pollMs: config.MAIL_POLL_MS,
    leaseMs: config.MAIL_LEASE_MS,
    headersFor: (message) => digestMailHeaders(message) ?? reminderMailHeaders(message),
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mailer', mailer);
  const passwordHashing = boundedPasswordHashing({ concurrency: config.PASSWORD_HASH_CONCURRENCY, maxWaiting: config.PASSWORD_HASH_QUEUE });
  app.decorate('passwordHashing', passwordHashing);
  configureImageQueue({ concurrency: config.IMAGE_CONCURRENCY, maxWaiting: config.IMAGE_QUEUE });
  const authSecret = await resolveAuthSecret(database.db, config.AUTH_SECRET);
  const auth = createAuth({ db: database.db, config, mailer, secret: authSecret, redis, passwordHashing });
  app.decorate('linkSigningKey', reminderKey(authSecret));
  app.decorate('auth', auth);
  app.decorate(
    'payments',
    config.STRIPE_SECRET_KEY
      ? await createStripeGateway({
          db: database.db,
          secretKey: config.STRIPE_SECRET_KEY,
          publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? '',
          apiUrl: config.STRIPE_API_URL,
        })
      : createSandboxGateway(database.db),
  );
  const s3 = config.S3_BUCKET
    ? await createS3Storage({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        publicUrl: config.S3_PUBLIC_URL,
      })
    : undefined;
  const disk = s3 ? undefined : createDiskStorage(join(config.DATA_DIR, 'media'));
  const storage: Storage = (s3 ?? disk)!;
  app.decorate('storage', storage);
  app.decorate('conversions', createConversionHook(config.CONVERSION_WEBHOOK_URL, log));
  const vinDecoder = createVinDecoder({ cacheDir: config.VPIC_CACHE_DIR ?? join(config.DATA_DIR, 'vpic'), logger: app.log });
  app.decorate('vinDecoder', vinDecoder);
  app.decorate('examBank', createQuestionBank(database.db, redis ? redisCache(redis) : undefined));
  app.addHook('onClose', async () => vinDecoder.close());
  app.addHook('onReady', async () => mailer.start());
  // The configured exam promo code (EXAM_PROMO_CODE, $5 off) always exists; staff add others.
  app.addHook('onReady', async () => ensureConfiguredPromo(database.db, config.EXAM_PROMO_CODE));
  app.addHook('onClose', async () => mailer.stop());
  // Payments left in `processing` are settled or released (at start, then periodically).
  registerPaymentRecovery(app);
  // Rentals: the weekly rent on its due day, its retries and the owners' payouts (decision 0015).
  registerRentJobs(app);
  // Rentals: unanswered claims resolved, deposits refunded after a claim or 72 h after a return (leased rounds).
  registerDepositJob(app);
  // Saved searches with alerts on: a daily digest of new matching listings (leased rounds).
  registerSearchDigest(app);
  // The license tracker's reminder e-mails before the 90-day deadline and after a stall (leased rounds).
  registerLicenseReminders(app);
  registerRentalExpiry(app);
  // The demo accounts' passwords are published: seeding them on a site others reach is a mistake (two-factor-policy.ts).
  if (config.SEED_DEMO_DATA && !isLoopbackUrl(config.PUBLIC_URL)) app.log.warn({ publicUrl: config.PUBLIC_URL }, DEMO_DATA_PUBLIC_WARNING);
  // Passkeys need an https address or localhost (not an IP): say so when PUBLIC_URL is neither (passkey-plugin.ts).
  if (!passkeysWorkAt(config.PUBLIC_URL)) app.log.warn({ publicUrl: config.PUBLIC_URL }, PASSKEYS_UNAVAILABLE_WARNING);
  // Without SMTP the mail (with its codes) stays in the dev mailbox; say so when others can reach us.
  if (mailer.mode === 'dev') {
    app.addHook('onListen', async () => {
      // Strings are Unix sockets: only this machine reaches them.
      const open = app.addresses().find((a) => typeof a !== 'string' && !isLoopbackAddress(a.address));
      if (open && typeof open !== 'string') app.log.warn({ address: open.address, port: open.port }, DEV_MAILBOX_WARNING);
    });
  }

  registerErrorHandling(app);
  registerLifecycle(app);
  registerRequestId(app);
  // Before the routes, so its hooks see every request.
  registerMetrics(app);
  await registerSecurity(app, { imageOrigins: s3 ? [new URL(s3.publicBase).origin] : [] });
  await app.register(cookie);
  await registerDocs(app);
  registerAuth(app);
  // Listing photos and product images on disk: file names are unique, so they can be cached for good.
  if (disk)
    await app.register(fastifyStatic, {
      root: disk.root,
      prefix: MEDIA_ROUTE_PREFIX,
      decorateReply: false,
      index: false,
      setHeaders(reply) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(contactRoutes);
      await api.register(authRoutes);
      await api.register(sessionRoutes);
      await api.register(twoFactorRoutes);
      await api.register(stepUpRoutes);
      await api.register(usersRoutes);
      await api.register(profileRoutes);
      await api.register(adminRoutes);
      await api.register(paymentsRoutes);
      await api.register(rentalPaymentsRoutes);
      await api.register(rentalHandoverRoutes);
      await api.register(paymentsWebhookRoutes);
      await api.register(listingsRoutes);
      await api.register(listingReportsRoutes);
      await api.register(messagesRoutes);
      await api.register(examRoutes);
      await api.register(shopRoutes);
      await api.register(carsRoutes);
      await api.register(savedRoutes);
      await api.register(rentalRoutes);
      if (config.TEST_HOOKS) await api.register(testHookRoutes);
      if (mailer.mode === 'dev') await api.register(devMailRoutes);
      if (mailer.mode === 'dev') await api.register(devDigestRoutes);
      await api.register(licenseTrackerRoutes);
      if (mailer.mode === 'dev') await api.register(devLicenseReminderRoutes);
    },
    { prefix: '/api' },
  );
  // robots.txt and the sitemaps, at the root: routes, so the web app's fallback never answers them.
  await app.register(seoRoutes);

  if (serveWeb) {
    await registerWeb(app, {
      webDist: config.WEB_DIST,
      extraRoutes: [
        ...STAFF_ROUTE_PATTERNS,
        RENTAL_HANDOVER_ROUTE,
        ...RENTAL_PAY_ROUTES,
        UNSUBSCRIBE_ROUTE,
        EMAIL_RESTORE_ROUTE,
        ...(mailer.mode === 'dev' ? [DEV_MAILBOX_ROUTE] : []),
      ],
      publicUrl: config.PUBLIC_URL,
      renderCacheMs: config.PAGE_CACHE_MS,
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ code: 'NOT_FOUND', ...toMessage('error.noSuchEndpoint') }));
  }
  return app;
}

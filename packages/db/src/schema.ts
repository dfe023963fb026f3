import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Messages sent through the Contact us form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    locale: text('locale'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

/**
 * The mail outbox. Every e-mail is written here first and delivered afterwards.
 * status: pending (waiting for SMTP delivery or a retry), sent, failed (permanently rejected by
 * the SMTP server), dev (kept in the local dev mailbox because no SMTP server is configured).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** What the message is (e.g. 'code' for one-time codes, counted by the per-address code limit). */
    category: text('category'),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'dev'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When the message is next due; while a server delivers it, the end of that server's lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set by each claim: a server records the attempt's outcome only while the row still carries its
     * token, so a server whose lease ran out (and another server retried) cannot overwrite the result.
     */
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt), index('mail_outbox_created_at_idx').on(t.createdAt)],
);

/** One row per seed step that has run, so seeding is idempotent across restarts. */
export const seedHistory = pgTable('seed_history', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** Settings the app generates once and keeps (e.g. the auth secret when none is configured). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/*
 * Accounts (better-auth's four tables, with the admin plugin's role/ban fields and our own status and
 * phone). Property names are what better-auth's drizzle adapter expects.
 */
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  role: text('role').notNull().default('user'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  /** UNCONFIRMED until the e-mailed code is confirmed (then status CONFIRMED). */
  status: text('status').notNull().default('UNCONFIRMED'),
  phone: text('phone'),
  /** better-auth's two-factor plugin: true once an authenticator app is confirmed with a code. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  /**
   * Staff must use two-factor (modules/auth/two-factor-policy.ts); only the demo staff account seeded with
   * the demo data is exempt, so the two-command demo stays one click from the staff console.
   */
  twoFactorExempt: boolean('two_factor_exempt').notNull().default(false),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * The browsers each account has signed in from: the SHA-256 of the user's id and the browser's random
 * device cookie (never the cookie itself). A sign-in from a browser not listed here e-mails a
 * "New sign-in" notice (modules/auth/new-browser-notice.ts).
 */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/**
 * better-auth's two-factor plugin: the authenticator secret and the recovery codes of an account, both
 * encrypted with the auth secret; failed codes lock the second step for a while (failed_verification_count).
 */
export const twoFactor = pgTable('two_factor', {
  id: text('id').primaryKey(),
  secret: text('secret').notNull(),
  backupCodes: text('backup_codes').notNull(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** false between "turn on" and the first correct code. */
  verified: boolean('verified').notNull().default(true),
  failedVerificationCount: integer('failed_verification_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Second-factor codes already accepted (SHA-256 of user and code): an authenticator code is refused a
 * second time while it could still be valid, and a recovery code is never accepted twice, even in parallel.
 */
export const twoFactorCodeUses = pgTable(
  'two_factor_code_uses',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * WebAuthn passkeys (the columns of @better-auth/passkey's table): the public key, the credential id the
 * authenticator names, its signature counter and transports (comma-separated).
 */
export const passkey = pgTable(
  'passkey',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    counter: integer('counter').notNull().default(0),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    transports: text('transports'),
    aaguid: text('aaguid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkey_user_id_idx').on(t.userId)],
);

/** Wrong-password counter per e-mail: 10 failures within 15 minutes lock sign-in for 15 minutes. */
/**
 * Wrong passwords (modules/auth/password-lockout.ts): one row per account e-mail and client address
 * (an IPv6 address by its /64), and one per account for all addresses (`address` = '*').
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    email: text('email').notNull(),
    address: text('address').notNull().default('*'),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.email, t.address] })],
);

/** Saved cards of the sandbox gateway (never the number: brand, last 4, expiry and our token). */
export const sandboxCards = pgTable(
  'sandbox_cards',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** Which Stripe test behaviour this card has when charged (e.g. insufficient_funds). */
    behaviour: text('behaviour').notNull().default('succeed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_cards_user_idx').on(t.userId)],
);

/**
 * The sandbox gateway's own record of its charges, as Stripe keeps its payment intents: one row per
 * idempotency key, so a repeated charge with the same key returns the first outcome, and the
 * recovery job can ask what happened to a key.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  providerPaymentId: text('provider_payment_id').notNull(),
  userId: text('user_id').notNull(),
  paymentMethodId: text('payment_method_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
  failureMessage: text('failure_message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sandbox setup intents: a client secret that allows saving one card for one user. */
export const sandboxSetupIntents = pgTable('sandbox_setup_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('requires_payment_method'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every payment attempt. The idempotency key (purpose + user + the client's transaction id) is unique,
 * so a double click, a retry or parallel calls create one row and charge once.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['exam', 'listing', 'cart', 'rental'] }).notNull(),
    reference: text('reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['processing', 'succeeded', 'failed'] }).notNull(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    paymentMethodId: text('payment_method_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /**
     * The key this attempt was charged with at the provider (one per payment row). The recovery job
     * asks the provider what happened to it when a payment is left in `processing`.
     */
    chargeKey: text('charge_key'),
    /** The card, for receipts written later (by the webhook or the recovery job). */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Exam: the promo code whose redemption this payment took (given back if it fails). */
    promoCode: text('promo_code'),
    failureMessage: text('failure_message'),
    /** Exam access: paid access lasts until this moment. */
    accessExpiry: timestamp('access_expiry', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_purpose_idx').on(t.userId, t.purpose),
    // The recovery job's scan: payments left in processing, oldest first.
    index('payments_processing_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'processing'`),
  ],
);

/** The card provider's customer of each user (Stripe gateway). */
export const paymentCustomers = pgTable('payment_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  providerCustomerId: text('provider_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox gateway's refunds, as Stripe keeps them: one per idempotency key, against one charge. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  providerRefundId: text('provider_refund_id').notNull(),
  providerPaymentId: text('provider_payment_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox gateway's connected accounts (Stripe Connect's accounts): one per owner. */
export const sandboxAccounts = pgTable('sandbox_accounts', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox gateway's transfers to connected accounts: one per idempotency key. */
export const sandboxTransfers = pgTable('sandbox_transfers', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  providerTransferId: text('provider_transfer_id').notNull(),
  accountId: text('account_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The card provider's connected account of each owner who is paid out (Stripe gateway, Connect). */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  providerAccountId: text('provider_account_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the provider first said the account can receive transfers (its owner finished onboarding); null until then. */
  readyAt: timestamp('ready_at', { withTimezone: true }),
  /** When the owner was last e-mailed that rent waits for this setup (at most once a week). */
  setupRemindedAt: timestamp('setup_reminded_at', { withTimezone: true }),
});

/** Webhook events already handled: a replayed event has no second effect. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Marketplace listings. A draft is created at create-listing step 1; it is ACTIVE once staff
 * publish it. `published_at` is the spec's `timestamp` (null until published). Prices in cents.
 */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['DRAFT', 'UNDER_REVIEW', 'ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('DRAFT'),
    category: text('category', { enum: ['cars', 'plates'] }).notNull(),
    /** For rent (price per payment period) or for sale (one price, no period). */
    dealType: text('deal_type', { enum: ['rent', 'sale'] })
      .notNull()
      .default('rent'),
    title: text('title'),
    description: text('description'),
    priceCents: integer('price_cents'),
    paymentPeriod: text('payment_period', { enum: ['weekly', 'monthly'] }),
    /**
     * The price the marketplace compares and sorts by: a weekly rent as its monthly equivalent
     * (× 52 / 12, rounded to the cent), a monthly rent and a sale price as they are. Generated. The
     * rule is contracts' monthlyEquivalentCents; apps/api/test/comparable-price.test.ts pins the two.
     */
    comparablePriceCents: integer('comparable_price_cents').generatedAlwaysAs(
      sql`CASE WHEN deal_type = 'rent' AND payment_period = 'weekly' THEN round(price_cents::numeric * 52 / 12)::integer ELSE price_cents END`,
    ),
    /** File names in order; the first is the cover. Stored at {listing id}/{file name}. */
    images: jsonb('images')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    plateNumber: text('plate_number'),
    vin: text('vin'),
    viewCount: integer('view_count').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    name: text('name'),
    email: text('email'),
    phoneNumber: text('phone_number'),
    locationCity: text('location_city'),
    locationState: text('location_state'),
    locationZip: text('location_zip'),
    carMake: text('car_make'),
    carMakeId: integer('car_make_id'),
    carModel: text('car_model'),
    carModelId: integer('car_model_id'),
    carYear: integer('car_year'),
    carBodyClass: text('car_body_class'),
    carFuel: text('car_fuel'),
    carDoorNumber: integer('car_door_number'),
    carSeatNumber: integer('car_seat_number'),
    carSeatRowNumber: integer('car_seat_row_number'),
    rejectionReason: text('rejection_reason'),
    /**
     * The all-in cost label of a rental listing (issue #32; required for new rental listings, see
     * contracts rentals.ts `rentalLabelSchema`): deposit, minimum weeks, the weekly mileage cap (null
     * and `rent_mileage_unlimited` true: no cap), what is included (insurance with its limits, the
     * TLC plate/diamond, maintenance), the deductible and whether the car can be disabled remotely.
     * Tolls, tickets and fuel or charging are never included (contracts NEVER_INCLUDED). All null on a
     * sale and on rental listings made before the label.
     */
    rentDepositCents: integer('rent_deposit_cents'),
    rentMinWeeks: integer('rent_min_weeks'),
    rentMileageUnlimited: boolean('rent_mileage_unlimited'),
    rentMileageCap: integer('rent_mileage_cap'),
    rentInsuranceIncluded: boolean('rent_insurance_included'),
    rentInsuranceLimits: text('rent_insurance_limits'),
    rentTlcPlateIncluded: boolean('rent_tlc_plate_included'),
    rentMaintenanceIncluded: boolean('rent_maintenance_included'),
    rentDeductibleCents: integer('rent_deductible_cents'),
    rentRemoteDisabling: boolean('rent_remote_disabling'),
    /** Deleted by its owner: gone from search, detail and dashboards; its payments and records stay. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listings_user_idx').on(t.userId, t.createdAt),
    // The sitemap's walk, newest first (modules/seo).
    index('listings_status_published_idx').on(t.status, t.publishedAt.desc(), t.id.desc()),
    // The marketplace: for each sort, and for each equality filter a driver uses alone, an index whose
    // order is the sort, so that a page is read as an index range of about one page of rows at any
    // size (keyset pages continue the range; see modules/listings/search-listings.ts). The sort keys
    // are the expressions below, never null, so that a row comparison finds the position. Migration
    // 0016 adds INCLUDE columns (drizzle-kit cannot express them) so that capped counts and the
    // position of a numbered page are read from the index alone.
    index('listings_search_newest_idx').on(t.status, sql`${publishedKey(t.publishedAt)} desc`, sql`${t.id} desc`),
    index('listings_search_category_newest_idx').on(t.status, t.category, sql`${publishedKey(t.publishedAt)} desc`, sql`${t.id} desc`),
    index('listings_search_deal_newest_idx').on(t.status, t.dealType, sql`${publishedKey(t.publishedAt)} desc`, sql`${t.id} desc`),
    index('listings_search_make_newest_idx').on(t.status, t.carMakeId, sql`${publishedKey(t.publishedAt)} desc`, sql`${t.id} desc`),
    index('listings_search_model_newest_idx').on(t.status, t.carMakeId, t.carModelId, sql`${publishedKey(t.publishedAt)} desc`, sql`${t.id} desc`),
    // The counts of make (and model) with a category and a price range: a range of these.
    index('listings_search_make_price_idx').on(t.status, t.carMakeId, t.category, t.priceCents),
    index('listings_search_model_price_idx').on(t.status, t.carMakeId, t.carModelId, t.category, t.priceCents),
    // text_pattern_ops: a ZIP or city prefix (LIKE '112%') is a range of the index under any collation.
    index('listings_search_zip_newest_idx').on(t.status, t.locationZip.op('text_pattern_ops'), sql`${publishedKey(t.publishedAt)} desc`, sql`${t.id} desc`),
    index('listings_search_city_newest_idx').on(
      t.status,
      sql`lower(${t.locationCity}) text_pattern_ops`,
      t.locationState,
      sql`${publishedKey(t.publishedAt)} desc`,
      sql`${t.id} desc`,
    ),
    // Price: within a deal type (rentals by their monthly equivalent), with and without a category;
    // the stored price alone for the spec's clients that filter by price without a deal type.
    index('listings_search_deal_price_idx').on(t.status, t.dealType, priceKey(t.comparablePriceCents), t.id),
    index('listings_search_category_deal_price_idx').on(t.status, t.category, t.dealType, priceKey(t.comparablePriceCents), t.id),
    index('listings_search_price_idx').on(t.status, t.priceCents),
    // Year (plates have none: last), with and without a category.
    index('listings_search_year_idx').on(t.status, sql`${yearKey(t.carYear)} desc`, sql`${publishedKey(t.publishedAt)} desc`, sql`${t.id} desc`),
    index('listings_search_category_year_idx').on(
      t.status,
      t.category,
      sql`${yearKey(t.carYear)} desc`,
      sql`${publishedKey(t.publishedAt)} desc`,
      sql`${t.id} desc`,
    ),
  ],
);

/**
 * The sort keys of the marketplace, never null: a listing never published sorts as the oldest, one
 * without a price as the dearest (after every price going up, before every price going down), one
 * without a year (a plate) as the oldest car. The indexes above and the queries of
 * modules/listings/search-listings.ts use these same expressions (PostgreSQL matches them).
 */
export function publishedKey(column: AnyPgColumn | SQL): SQL {
  return sql`coalesce(${column}, '-infinity'::timestamptz)`;
}
export function priceKey(column: AnyPgColumn | SQL): SQL {
  return sql`coalesce(${column}, 2147483647)`;
}
export function yearKey(column: AnyPgColumn | SQL): SQL {
  return sql`coalesce(${column}, 0)`;
}

/**
 * The marketplace's maintained counts: how many ACTIVE listings each search of one filter matches, so
 * that its total is read, not counted. Kept by triggers on `listings` in the same transaction as every
 * change (migrations/0017_listing_counts.sql: its `listing_count_keys` names the keys, and
 * apps/api/src/modules/listings/listing-count-key.ts gives a search its key the same way). A key that
 * is not here counts 0.
 */
export const listingCounts = pgTable('listing_counts', {
  key: text('key').primaryKey(),
  n: integer('n').notNull(),
});

/**
 * One row per visitor, listing and day (New York) that was counted as a view (record-listing-view.ts):
 * the primary key makes a second count of the same visitor that day impossible, on every instance.
 * `visitor_id` is `user:<id>` for a signed-in viewer, else `anon:` + a keyed hash of the client address
 * and user agent; `address_key` (anonymous views only) is the keyed hash of the address alone, which
 * caps the anonymous views one address adds to a listing a day. Rows of earlier days are dropped as new
 * ones come.
 */
export const listingViews = pgTable(
  'listing_views',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    visitorId: text('visitor_id').notNull(),
    addressKey: text('address_key'),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day, t.visitorId] }), index('listing_views_address_idx').on(t.listingId, t.day, t.addressKey)],
);

/**
 * A driver's conversation with a listing's owner: one per listing and driver. Messages are relayed
 * by e-mail (reply-to the sender) and kept here, so both see the thread in their dashboards.
 */
export const listingConversations = pgTable(
  'listing_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    driverId: text('driver_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    ownerReadAt: timestamp('owner_read_at', { withTimezone: true }),
    driverReadAt: timestamp('driver_read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('listing_conversations_listing_driver_idx').on(t.listingId, t.driverId),
    index('listing_conversations_owner_idx').on(t.ownerId, t.lastMessageAt),
    index('listing_conversations_driver_idx').on(t.driverId, t.lastMessageAt),
  ],
);

export const listingMessages = pgTable(
  'listing_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => listingConversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('listing_messages_conversation_idx').on(t.conversationId, t.createdAt), index('listing_messages_sender_idx').on(t.senderId, t.createdAt)],
);

/** Listings a user saved (the heart). */
export const savedListings = pgTable(
  'saved_listings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] }), index('saved_listings_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Saved marketplace searches (the stored filter object). With `notify`, a daily digest mails the
 * listings published since `last_notified_at`; the token is the unsubscribe link's secret.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    /** The language the user read the site in when saving: the digest's (null: both languages). */
    language: text('language', { enum: ['en', 'ru'] }),
    notify: boolean('notify').notNull().default(true),
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt), index('saved_searches_notify_idx').on(t.notify, t.lastNotifiedAt)],
);

/** "Report this listing": one report per user and listing, into the staff queue. */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** Kept when the reporter deletes the account (null then). */
    reporterId: text('reporter_id').references(() => user.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    details: text('details'),
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('listing_reports_listing_reporter_idx').on(t.listingId, t.reporterId), index('listing_reports_status_idx').on(t.status, t.createdAt)],
);

/** The map of a map-reading question: see packages/contracts/src/exam-map.ts (the shape is checked there). */
export type ExamQuestionMap = Record<string, unknown>;

/** Practice exam questions (seeded from packages/db/seed-data/exam-questions.json; staff edit them). */
export const examQuestions = pgTable('exam_questions', {
  id: text('id').primaryKey(),
  /** Order in the exam, from 1. The first EXAM_FREE_QUESTIONS are the free preview. */
  position: integer('position').notNull().unique(),
  topic: text('topic', { enum: ['rules', 'geography', 'safety', 'customer-service', 'for-hire', 'trafficking'] }).notNull(),
  /** A map-reading question's map (what to draw and the labeled points on it); null for the others. */
  map: jsonb('map').$type<ExamQuestionMap>(),
  questionEn: text('question_en').notNull(),
  questionRu: text('question_ru').notNull(),
  explanationEn: text('explanation_en').notNull(),
  explanationRu: text('explanation_ru').notNull(),
  source: text('source').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const examAnswers = pgTable(
  'exam_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: text('question_id')
      .notNull()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    textEn: text('text_en').notNull(),
    textRu: text('text_ru').notNull(),
    correct: boolean('correct').notNull().default(false),
  },
  (t) => [index('exam_answers_question_idx').on(t.questionId, t.position)],
);

/** A user's saved questions (record_id is the row id). */
export const savedQuestions = pgTable(
  'saved_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_questions_user_question_idx').on(t.userId, t.questionId)],
);

/** Issue reports on questions; one per user and question. */
export const questionReports = pgTable(
  'question_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    issues: jsonb('issues').$type<string[]>().notNull(),
    otherIssue: text('other_issue'),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('question_reports_user_question_idx').on(t.userId, t.questionId), index('question_reports_status_idx').on(t.status)],
);

/** Exam promo codes (staff manage them); the code is stored upper-case and matched case-insensitively. */
export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  discountCents: integer('discount_cents').notNull(),
  active: boolean('active').notNull().default(true),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  maxRedemptions: integer('max_redemptions'),
  redemptions: integer('redemptions').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Finished practice exams of signed-in users: score, per-topic results and the questions missed. */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    total: integer('total').notNull(),
    /** Per topic: right, questions, and (attempts graded since issue #30) answered; a timed simulation can leave some unanswered. */
    perTopic: jsonb('per_topic').$type<Record<string, { correct: number; total: number; answered?: number }>>().notNull(),
    wrongQuestionIds: jsonb('wrong_question_ids').$type<string[]>().notNull(),
    /** How the attempt was taken: the spec's run ('exam'), the timed simulation, one topic, or the review queue. */
    mode: text('mode', { enum: ['exam', 'timed', 'topic', 'review'] })
      .notNull()
      .default('exam'),
    /** The timed simulation's time used, in seconds; null for the other modes. */
    durationSeconds: integer('duration_seconds'),
    /** The key the browser made when the exam was finished (offline too): a resend records it once per user. */
    attemptKey: text('attempt_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exam_attempts_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('exam_attempts_user_key_idx')
      .on(t.userId, t.attemptKey)
      .where(sql`${t.attemptKey} is not null`),
  ],
);

/**
 * A run in progress, one per user and mode, so that a reload, a sign-in or the trip through
 * /exam-checkout continues where the user stopped. `questionIds` is the run's order (shuffled in the
 * timed simulation), `answerOrder` the shuffled answer ids per question (timed), `answers` the first-try
 * answers so far; the score is graded from them on the server. `deadlineAt` ends a timed run.
 */
export const examRuns = pgTable(
  'exam_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['exam', 'timed', 'topic', 'review'] }).notNull(),
    topic: text('topic'),
    /**
     * The seed of the run's draw (drawExam in @medallion/contracts/exam-draw): a browser draws the same
     * exam from it offline. Null for runs kept before the pool (issue #34): their question_ids hold.
     */
    seed: integer('seed'),
    /** The questions drawn for the run, in order (what resume and the answer checks go by). */
    questionIds: jsonb('question_ids').$type<string[]>().notNull(),
    answerOrder: jsonb('answer_order').$type<Record<string, string[]>>(),
    answers: jsonb('answers').$type<Array<{ question_id: string; answer_id: string }>>().notNull(),
    position: integer('position').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exam_runs_user_mode_idx').on(t.userId, t.mode)],
);

/**
 * The review queue (spaced repetition): a missed question is due at once; it leaves the queue when it
 * has been answered right on 2 later days (New York dates). `rightDays` counts those days,
 * `lastRightOn` keeps two answers on one day from counting twice.
 */
export const examReviewItems = pgTable(
  'exam_review_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    missedOn: date('missed_on', { mode: 'string' }).notNull(),
    lastRightOn: date('last_right_on', { mode: 'string' }),
    rightDays: integer('right_days').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] }), index('exam_review_items_due_idx').on(t.userId, t.dueOn)],
);

/**
 * The first-try answers POST /exam/answers recorded, by the key the browser made for each (issue #34:
 * an answer given offline is queued in the browser and sent when the connection returns, maybe twice:
 * a resend after a lost reply, or two tabs flushing one queue). The primary key (user, key) is taken
 * in the recording's transaction before anything is counted, so a key counts once however many times
 * and however concurrently it is sent. `GET /exam/answers` lists them (the user's own only).
 */
export const examAnswerKeys = pgTable(
  'exam_answer_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    questionId: text('question_id')
      .notNull()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    correct: boolean('correct').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('exam_answer_keys_user_created_idx').on(t.userId, t.createdAt)],
);

/** How often each question is answered right at the first try (staff spot bad questions), by every mode. */
export const examQuestionStats = pgTable('exam_question_stats', {
  questionId: text('question_id')
    .primaryKey()
    .references(() => examQuestions.id, { onDelete: 'cascade' }),
  answered: integer('answered').notNull().default(0),
  correct: integer('correct').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Shop products (TLC supplies). Prices in cents; stock is reserved by checkout. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Russian texts; staff edit both languages (an empty one falls back to English). */
    titleRu: text('title_ru').notNull().default(''),
    descriptionRu: text('description_ru').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    /** File names in storage under products/{id}/, first is the cover. */
    images: jsonb('images')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    details: jsonb('details')
      .$type<Array<{ key: string; data: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The detail lines in Russian, in the same order as `details`. */
    detailsRu: jsonb('details_ru')
      .$type<Array<{ key: string; data: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    retailerUrl: text('retailer_url'),
    stock: integer('stock').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('products_active_idx').on(t.active, t.createdAt)],
);

/** The server-side cart: ACTIVE items, and COMPLEATED (the spec's spelling) once bought. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    status: text('status', { enum: ['ACTIVE', 'COMPLEATED'] })
      .notNull()
      .default('ACTIVE'),
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cart_items_user_idx').on(t.userId, t.status)],
);

/** Orders: one per paid checkout (transaction id), with the totals the server computed. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    transactionId: text('transaction_id').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'shipped'] })
      .notNull()
      .default('pending'),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    fullName: text('full_name').notNull(),
    addressOne: text('address_one').notNull(),
    addressTwo: text('address_two'),
    addressCity: text('address_city').notNull(),
    addressState: text('address_state').notNull(),
    addressZip: text('address_zip').notNull(),
    paymentId: uuid('payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('orders_user_transaction_idx').on(t.userId, t.transactionId), index('orders_status_idx').on(t.status, t.createdAt)],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    cartItemId: uuid('cart_item_id'),
    title: text('title').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/**
 * The license tracker (/steps, issue #34): one row per user who marked a step, with the reminder
 * setting and the language of their last change (the reminders' language). See docs/license-tracker.md.
 */
export const licenseTrackers = pgTable(
  'license_trackers',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    reminders: boolean('reminders').notNull().default(true),
    language: text('language', { enum: ['en', 'ru'] }),
    /** When a step was last marked done (or its day changed): the stalled reminder counts from here. */
    lastMarkedAt: timestamp('last_marked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('license_trackers_reminders_idx').on(t.reminders)],
);

/** A step of a user's tracker: its done day and its appointment (a New York day and time, and a place). */
export const licenseTrackerSteps = pgTable(
  'license_tracker_steps',
  {
    userId: text('user_id')
      .notNull()
      .references(() => licenseTrackers.userId, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    doneOn: date('done_on', { mode: 'string' }),
    appointmentDate: date('appointment_date', { mode: 'string' }),
    appointmentTime: text('appointment_time'),
    appointmentPlace: text('appointment_place'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.step] }), index('license_tracker_steps_filed_idx').on(t.step, t.doneOn)],
);

/**
 * The reminders sent: one row per user, kind ('deadline-30', 'deadline-14', 'deadline-7', 'deadline-2',
 * 'stalled') and cycle (the filing day for a deadline reminder, the last mark's instant for a stalled
 * one). Its key makes each reminder go once, however many rounds run.
 */
export const licenseReminders = pgTable(
  'license_reminders',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    cycle: text('cycle').notNull(),
    /** Null: passed over (a later threshold was due first), no e-mail. */
    mailId: uuid('mail_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.cycle] })],
);

/** PostgreSQL's daterange, as its text ('[2026-01-05,2026-02-02)'). */
const dateRange = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'daterange';
  },
});

/**
 * A driver's request to rent a rental listing (issue #32). Its status moves only through
 * apps/api/src/modules/rentals/rental-lifecycle.ts (open → approved | declined | expired | withdrawn).
 * `owner_id` is the listing's owner when it was asked. A driver has at most one open request per listing.
 */
export const rentalRequests = pgTable(
  'rental_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    driverId: text('driver_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'approved', 'declined', 'expired', 'withdrawn'] })
      .notNull()
      .default('open'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    weeks: integer('weeks').notNull(),
    /** Exclusive: start_date + 7 × weeks. */
    endDate: date('end_date', { mode: 'string' }).notNull(),
    tlcLicenseNumber: text('tlc_license_number').notNull(),
    tlcLicenseExpiry: date('tlc_license_expiry', { mode: 'string' }).notNull(),
    message: text('message').notNull().default(''),
    /** The owner must decide before this moment, or the expiry job declines it as expired. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** declined: 'owner' (the owner said no) or 'overlap' (another request of the car was approved for its days). */
    declineReason: text('decline_reason', { enum: ['owner', 'overlap'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rental_requests_driver_idx').on(t.driverId, t.status, t.createdAt),
    index('rental_requests_owner_idx').on(t.ownerId, t.status, t.createdAt),
    index('rental_requests_listing_open_idx')
      .on(t.listingId, t.startDate)
      .where(sql`${t.status} = 'open'`),
    index('rental_requests_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('rental_requests_one_open_per_listing_idx')
      .on(t.listingId, t.driverId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * A rental: created by the approval of its request, with the listing's terms copied then (`weekly_rent_cents`,
 * `deposit_cents`, and the label, car and parties in `terms`), so a later edit of the listing never changes
 * it. Its status moves only through apps/api/src/modules/rentals/rental-lifecycle.ts (see the graph in
 * contracts rental-states.ts). `period` is [start_date, end_date); migrations/0024 adds the exclusion
 * constraint that keeps two rentals holding the car (RENTAL_HOLDING_STATUSES) from overlapping.
 */
export const rentals = pgTable(
  'rentals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .unique()
      .references(() => rentalRequests.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    driverId: text('driver_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: [
        'awaiting_agreement',
        'awaiting_pickup',
        'active',
        'payment_failed',
        'ended_nonpayment',
        'returned',
        'claim_open',
        'claim_disputed',
        'claim_resolved',
        'closed',
        'cancelled',
      ],
    })
      .notNull()
      .default('awaiting_agreement'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    weeks: integer('weeks').notNull(),
    /** Exclusive: start_date + 7 × weeks. */
    endDate: date('end_date', { mode: 'string' }).notNull(),
    period: dateRange('period')
      .notNull()
      .generatedAlwaysAs(sql`daterange(start_date, end_date, '[)')`),
    /** The weekly rent the driver pays (a monthly listing's rent × 12 / 52), copied at approval. */
    weeklyRentCents: integer('weekly_rent_cents').notNull(),
    depositCents: integer('deposit_cents').notNull(),
    /** The label, the car and the parties at approval (contracts rentals.ts RentalTerms). */
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
    /** Milestones the lifecycle writes with its moves. */
    agreementDueAt: timestamp('agreement_due_at', { withTimezone: true }).notNull(),
    pickupPaidAt: timestamp('pickup_paid_at', { withTimezone: true }),
    pickupPhotosAt: timestamp('pickup_photos_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** The first failure of the weekly charge now unpaid (cleared when it is paid). */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    claimOpenedAt: timestamp('claim_opened_at', { withTimezone: true }),
    claimResolvedAt: timestamp('claim_resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rentals_driver_idx').on(t.driverId, t.createdAt),
    index('rentals_owner_idx').on(t.ownerId, t.createdAt),
    index('rentals_listing_idx').on(t.listingId, t.startDate),
    index('rentals_status_idx').on(t.status, t.startDate),
  ],
);

/**
 * A rental's agreement: the PDF made at approval (both languages), stored through the storage
 * integration at `storage_key`, its SHA-256, and each party's electronic-records consent and acceptance
 * (typed name, time, address). Both accepted: the rental moves to awaiting_pickup (rental-lifecycle.ts).
 */
export const rentalAgreements = pgTable('rental_agreements', {
  id: uuid('id').primaryKey().defaultRandom(),
  rentalId: uuid('rental_id')
    .notNull()
    .unique()
    .references(() => rentals.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  sha256: text('sha256').notNull(),
  /** The version of the consent and agreement wording the parties saw. */
  consentVersion: text('consent_version').notNull(),
  driverConsentAt: timestamp('driver_consent_at', { withTimezone: true }),
  driverName: text('driver_name'),
  driverAcceptedAt: timestamp('driver_accepted_at', { withTimezone: true }),
  driverIp: text('driver_ip'),
  ownerConsentAt: timestamp('owner_consent_at', { withTimezone: true }),
  ownerName: text('owner_name'),
  ownerAcceptedAt: timestamp('owner_accepted_at', { withTimezone: true }),
  ownerIp: text('owner_ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The money of a rental, one row per thing charged: the deposit (`kind = 'deposit'`, week 0) and each
 * week's rent (`kind = 'week'`, weeks 1…n). Unique per rental, kind and week, and written before the
 * card is charged, so a week is charged once whatever the number of servers and restarts (decision 0015).
 * Week 1 and the deposit are paid at pick-up by one payment (`payment_id`, the one payment path); the
 * later weeks are charged off-session by the due-day job, claimed with a lease and a claim token.
 */
export const rentalCharges = pgTable(
  'rental_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => rentals.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['deposit', 'week'] }).notNull(),
    week: integer('week').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The day (New York) the charge falls due. */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /**
     * due (waiting for its attempt: `next_attempt_at`), processing (claimed; `lease_until`), succeeded,
     * needs_action (the card needs its holder: 3-D Secure, paid on our page), failed (three declines),
     * cancelled (the rental ended before it was charged).
     */
    status: text('status', { enum: ['due', 'processing', 'succeeded', 'needs_action', 'failed', 'cancelled'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    claimToken: text('claim_token'),
    /** The gateway's idempotency key of the current attempt (`rental:<id>:week:<n>`, then `…:retry:<k>`). */
    chargeKey: text('charge_key').unique(),
    paymentMethodId: text('payment_method_id').notNull(),
    /** Pick-up: the payment (the one payment path) that paid the deposit and week 1. */
    // A deleted account's payments go with it; the charge keeps its provider id and amounts.
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    providerPaymentId: text('provider_payment_id'),
    failureMessage: text('failure_message'),
    /** The first decline of this charge: after 72 h unpaid the owner may end the rental. */
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Deposit: what was given back to the card (`refund_status` succeeded), once per rental. */
    refundStatus: text('refund_status', { enum: ['processing', 'succeeded', 'failed'] }),
    refundedCents: integer('refunded_cents').notNull().default(0),
    providerRefundId: text('provider_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rental_charges_rental_kind_week_key').on(t.rentalId, t.kind, t.week),
    // The due-day job's scan: rows waiting for an attempt, or claimed rows whose lease may have run out.
    index('rental_charges_open_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('due', 'processing')`),
  ],
);

/** What is due to an owner for one paid week, and its transfer to their connected account (once: unique charge). */
export const rentalPayouts = pgTable(
  'rental_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rentalChargeId: uuid('rental_charge_id')
      .notNull()
      .unique()
      .references(() => rentalCharges.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** pending (due to the owner), processing (claimed; `lease_until`), paid. */
    status: text('status', { enum: ['pending', 'processing', 'paid'] })
      .notNull()
      .default('pending'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    claimToken: text('claim_token'),
    providerTransferId: text('provider_transfer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('rental_payouts_owner_idx').on(t.ownerId),
    index('rental_payouts_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'paid'`),
  ],
);

/**
 * A hand-over's photos (issue #32): at the pick-up and at the return, each party (driver and owner)
 * sends one set of the HANDOVER_SLOTS (contracts rental-handover.ts: four sides, the interior, the
 * odometer, the fuel or charge level), processed by the image pipeline (WebP, no metadata) and kept in
 * private storage (`rentals/<rental id>/<file>`, served only to the parties and, in a dispute, staff),
 * with the odometer reading and the fuel or charge level as numbers and the server's time. One set per
 * rental, stage and party; a set is final once sent.
 */
export const rentalHandovers = pgTable(
  'rental_handovers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => rentals.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: ['pickup', 'return'] }).notNull(),
    party: text('party', { enum: ['driver', 'owner'] }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Slot → stored file name (`<hex>.webp`). */
    photos: jsonb('photos').$type<Record<string, string>>().notNull(),
    odometerMiles: integer('odometer_miles').notNull(),
    /** The fuel or charge level, percent (0–100). */
    fuelPercent: integer('fuel_percent').notNull(),
    /** The server's time when the set was received. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rental_handovers_rental_stage_party_key').on(t.rentalId, t.stage, t.party)],
);

/**
 * The owner's damage claim on a rental's deposit (one per rental, within CLAIM_WINDOW_HOURS of the
 * return, at most the deposit). The rental's status moves through the lifecycle (openClaim, acceptClaim,
 * disputeClaim, claimUnanswered, decideClaim); this row keeps what was claimed and answered, and
 * `withheld_cents`, what the deposit's refund keeps back once the claim is resolved.
 */
export const rentalClaims = pgTable(
  'rental_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rentalId: uuid('rental_id')
      .notNull()
      .unique()
      .references(() => rentals.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    /** Stored file names of the claim's photos (private storage, like the hand-over's). */
    photos: jsonb('photos').$type<string[]>().notNull(),
    /** The driver's answer: accepted, disputed, or unanswered (CLAIM_ANSWER_HOURS passed: the claim stands). */
    answer: text('answer', { enum: ['accepted', 'disputed', 'unanswered'] }),
    answerNote: text('answer_note'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Staff's decision on a disputed claim: the amount kept (0…amount), who, when, why. */
    decidedCents: integer('decided_cents'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    /** What the deposit's refund keeps back, set when the claim is resolved. */
    withheldCents: integer('withheld_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rental_claims_open_idx')
      .on(t.createdAt)
      .where(sql`${t.answer} = 'disputed' and ${t.decidedAt} is null`),
  ],
);

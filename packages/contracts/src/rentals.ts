import { z } from 'zod';
import { freeText, text } from './text';
import {
  addDays,
  MAX_RENTAL_WEEKS,
  MAX_START_DAYS_AHEAD,
  RENTAL_REQUEST_STATUSES,
  RENTAL_STATUSES,
  REQUEST_DECLINE_REASONS,
  todayInNewYork,
} from './rental-states';

/**
 * Rentals (issue #32): the request and answer schemas of the rental endpoints, with the zod-free part
 * (statuses, events, rules, the weekly cost) re-exported from rental-states.ts.
 */
export * from './rental-states';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) => DATE.test(v) && !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
/** A TLC driver license number: 5 to 8 digits (spaces ignored). */
export const TLC_LICENSE_PATTERN = /^\d{5,8}$/;

/** POST /api/rental-requests (auth): a driver asks for a rental listing. Dates are days in New York. */
export const createRentalRequestSchema = z
  .object({
    listing_id: text({ error: 'listingNotFound' }).uuid('listingNotFound'),
    start_date: text({ error: 'rentalStartDateInvalid' }).refine(isDay, 'rentalStartDateInvalid'),
    weeks: z.coerce.number({ error: 'rentalWeeksInvalid' }).int('rentalWeeksInvalid').min(1, 'rentalWeeksInvalid').max(MAX_RENTAL_WEEKS, 'rentalWeeksInvalid'),
    tlc_license_number: text({ error: 'tlcLicenseNumberInvalid' })
      .transform((v) => v.replace(/\s/g, ''))
      .pipe(z.string().regex(TLC_LICENSE_PATTERN, 'tlcLicenseNumberInvalid')),
    tlc_license_expiry: text({ error: 'tlcLicenseExpiryInvalid' }).refine(isDay, 'tlcLicenseExpiryInvalid'),
    message: freeText().trim().max(2000, 'rentalMessageMax').optional().default(''),
  })
  .superRefine((d, ctx) => {
    const today = todayInNewYork();
    if (d.start_date < today) ctx.addIssue({ code: 'custom', path: ['start_date'], message: 'rentalStartDatePast' });
    else if (d.start_date > addDays(today, MAX_START_DAYS_AHEAD)) ctx.addIssue({ code: 'custom', path: ['start_date'], message: 'rentalStartDateTooFar' });
    if (d.tlc_license_expiry < today) ctx.addIssue({ code: 'custom', path: ['tlc_license_expiry'], message: 'tlcLicenseExpired' });
  });
export type CreateRentalRequest = z.input<typeof createRentalRequestSchema>;

export const rentalIdParamsSchema = z.object({ id: text().max(100) });

/** A request as its driver or its owner sees it (`role`). */
export const rentalRequestSchema = z.object({
  id: z.string(),
  listing_id: z.string(),
  listing_title: z.string().nullable(),
  role: z.enum(['driver', 'owner']),
  status: z.enum(RENTAL_REQUEST_STATUSES),
  decline_reason: z.enum(REQUEST_DECLINE_REASONS).nullable(),
  start_date: z.string(),
  /** Exclusive. */
  end_date: z.string(),
  weeks: z.number().int(),
  message: z.string(),
  /** The other party's name. */
  counterpart_name: z.string(),
  /** The owner sees the driver's TLC license; the driver sees their own. */
  tlc_license_number: z.string(),
  tlc_license_expiry: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
  rental_id: z.string().nullable(),
});
export type RentalRequestView = z.infer<typeof rentalRequestSchema>;
export const rentalRequestResponseSchema = z.object({ data: rentalRequestSchema });

/** A rental as one of its parties sees it, with the agreement's state. */
export const rentalSchema = z.object({
  id: z.string(),
  listing_id: z.string(),
  listing_title: z.string().nullable(),
  role: z.enum(['driver', 'owner']),
  status: z.enum(RENTAL_STATUSES),
  start_date: z.string(),
  end_date: z.string(),
  weeks: z.number().int(),
  weekly_rent: z.number(),
  deposit: z.number(),
  counterpart_name: z.string(),
  agreement: z
    .object({
      sha256: z.string(),
      driver_accepted_at: z.string().nullable(),
      owner_accepted_at: z.string().nullable(),
      /** The agreement PDF, for the two parties only. */
      pdf_url: z.string(),
    })
    .nullable(),
  agreement_due_at: z.string(),
  /** When the driver paid the pick-up (the deposit and week 1), or null while it is not paid. */
  pickup_paid_at: z.string().nullable(),
  /**
   * What the pick-up charges, in cents (the server's rule: the deposit and week 1): the amount the web
   * shows and sends as `payment-amount` to POST /payments/create-payment-intent with `rental-id`.
   */
  pickup_amount_cents: z.number().int(),
});
export type RentalView = z.infer<typeof rentalSchema>;
export const rentalResponseSchema = z.object({ data: rentalSchema });

/** GET /api/rentals/mine (auth): the account's requests and rentals, as driver and as owner, newest first. */
export const myRentalsResponseSchema = z.object({
  data: z.object({ requests: z.array(rentalRequestSchema), rentals: z.array(rentalSchema) }),
});
export type MyRentalsResponse = z.infer<typeof myRentalsResponseSchema>;

/**
 * POST /api/rentals/{id}/agreement/accept (auth, a party): the electronic-records consent (ESIGN) and the
 * typed name that signs.
 */
export const acceptAgreementSchema = z.object({
  consent: z.literal(true, { error: 'agreementConsentRequired' }),
  name: text({ error: 'agreementNameRequired' }).trim().min(2, 'agreementNameRequired').max(100, 'agreementNameMax'),
});
export type AcceptAgreement = z.input<typeof acceptAgreementSchema>;

import { z } from 'zod';
import { freeText, text } from './text';
import type { MessageKey } from './messages';
import {
  LISTING_STATUSES,
  LISTING_CATEGORIES,
  PAYMENT_PERIODS,
  DEAL_TYPES,
  LISTING_SORTS,
  MAX_PAGE_SIZE,
  MARKETPLACE_PAGE_SIZE,
  MAX_PAGE,
  SEARCH_COUNT_CAP,
  MAX_CURSOR_LENGTH,
  MAX_LISTING_IMAGES,
  MIN_CAR_YEAR,
  MAX_PRICE,
  LISTING_ID_PATTERN,
  LISTING_EMAIL_PATTERN,
  PHONE_PATTERN,
  MAX_TITLE_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_LISTING_PRICE,
} from './listing-filters';
import {
  MAX_DEDUCTIBLE_DOLLARS,
  MAX_INSURANCE_LIMITS_LENGTH,
  MAX_MILEAGE_CAP,
  MAX_MIN_WEEKS,
  MAX_RENTAL_DEPOSIT_DOLLARS,
  type RentalLabel,
} from './rental-states';

export * from './listing-filters';

export const locationSchema = z.object({
  city: z.string(),
  state: z.string(),
  zip_code: z.string().optional(),
});
export type ListingLocation = z.infer<typeof locationSchema>;

/** The all-in cost label as the API answers it (amounts in dollars); see RentalLabel. */
export const rentalLabelSchema = z.object({
  deposit: z.number(),
  min_weeks: z.number().int(),
  mileage_unlimited: z.boolean(),
  mileage_cap: z.number().int().nullable(),
  insurance_included: z.boolean(),
  insurance_limits: z.string().nullable(),
  tlc_plate_included: z.boolean(),
  maintenance_included: z.boolean(),
  deductible: z.number(),
  remote_disabling: z.boolean(),
}) satisfies z.ZodType<RentalLabel>;

/** A listing as the API answers it. `price` is in dollars (2 decimals at most). */
export const listingSchema = z.object({
  listing_id: z.string(),
  user_id: z.string(),
  status: z.enum(LISTING_STATUSES),
  category: z.enum(LISTING_CATEGORIES),
  /** rent: `price` per `payment_period`; sale: `price` once, `payment_period` null. */
  deal_type: z.enum(DEAL_TYPES),
  title: z.string().nullable(),
  description: z.string().nullable(),
  price: z.number().nullable(),
  payment_period: z.enum(PAYMENT_PERIODS).nullable(),
  /** File names; the first is the cover. Each is stored at {listing_id}/{file name}. */
  images: z.array(z.string()),
  /** Public URLs of the images (1600 px) and of their 400 px thumbnails, in the same order. */
  image_urls: z.array(z.string()),
  thumbnail_urls: z.array(z.string()),
  plate_number: z.string().nullable(),
  vin: z.string().nullable(),
  view_count: z.number().int(),
  /** Publication time (ISO 8601), null until published ("NaT" in the spec). */
  timestamp: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  location: locationSchema.nullable(),
  car_make: z.string().nullable(),
  car_make_id: z.number().int().nullable(),
  car_model: z.string().nullable(),
  car_model_id: z.number().int().nullable(),
  car_year: z.number().int().nullable(),
  car_body_class: z.string().nullable(),
  car_fuel: z.string().nullable(),
  car_door_number: z.number().int().nullable(),
  car_seat_number: z.number().int().nullable(),
  car_seat_row_number: z.number().int().nullable(),
  /** Staff's reason when a listing was sent back to draft (moderation). */
  rejection_reason: z.string().nullable(),
  /** A rental's all-in cost label (null on a sale, or a rental listed before labels). */
  rental_label: rentalLabelSchema.nullable(),
  /** A rental's weekly cost in dollars (contracts rental-states weeklyCostCents), null on a sale. */
  weekly_cost: z.number().nullable(),
});
export type Listing = z.infer<typeof listingSchema>;

/** A page cursor: base64url text (see modules/listings/search-cursor.ts). */
const cursorText = text()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(
    z
      .string()
      .max(MAX_CURSOR_LENGTH, 'filterCursor')
      .regex(/^[A-Za-z0-9_-]+$/, 'filterCursor')
      .optional(),
  );

const optionalText = text()
  .trim()
  .max(100, 'filterTextTooLong')
  .optional()
  .transform((v) => (v ? v : undefined));

function wholeNumber(max: number, tooBig: string) {
  return text()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v))
    .pipe(z.string().regex(/^\d+$/, 'filterNumber').transform(Number).pipe(z.number().max(max, tooBig)).optional());
}

/** An optional choice of a fixed list ("" and "all" count as absent); anything else is `key`. */
function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, key: string) {
  return text()
    .optional()
    .transform((v) => (v && v !== 'all' ? v : undefined))
    .pipe(z.enum(values, { error: key }).optional());
}

/**
 * GET /listing-all query: the stored filter object's field names plus server paging.
 * Every field is optional; empty strings count as absent.
 *
 * Prices: with `deal_type=rent` they are per `price_period` (weekly when absent) and compared with
 * each listing's monthly equivalent (weekly × 52 / 12), so $375 a week and $1,780 a month are
 * compared fairly; with `deal_type=sale` they are the one sale price. Without a deal type they
 * compare the stored price as it is (the spec's clients; the web sends prices only with a deal type).
 */
export const listingFiltersQuerySchema = z
  .object({
    location: optionalText,
    location_zip: text()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(
        z
          .string()
          .regex(/^\d{5}$/, 'filterZip')
          .optional(),
      ),
    location_city: optionalText,
    location_state: text()
      .trim()
      .optional()
      .transform((v) => (v ? v.toUpperCase() : undefined))
      .pipe(
        z
          .string()
          .regex(/^[A-Z]{2}$/, 'filterState')
          .optional(),
      ),
    category: text()
      .optional()
      .transform((v) => (v && v !== 'all' ? v : undefined))
      .pipe(z.enum(LISTING_CATEGORIES, { error: 'filterCategory' }).optional()),
    deal_type: optionalChoice(DEAL_TYPES, 'filterDealType'),
    price_period: optionalChoice(PAYMENT_PERIODS, 'filterPricePeriod'),
    price_min: wholeNumber(MAX_PRICE, 'filterPriceTooHigh'),
    price_max: wholeNumber(MAX_PRICE, 'filterPriceTooHigh'),
    car_year_min: wholeNumber(9999, 'filterYear'),
    car_year_max: wholeNumber(9999, 'filterYear'),
    car_make: optionalText,
    car_make_value: text()
      .optional()
      .transform((v) => (v && v !== 'all' ? v : undefined))
      .pipe(
        z
          .string()
          .regex(/^\d{1,9}$/, 'filterMake')
          .transform(Number)
          .optional(),
      ),
    car_model: optionalText,
    car_model_value: text()
      .optional()
      .transform((v) => (v && v !== 'all' ? v : undefined))
      .pipe(
        z
          .string()
          .regex(/^\d{1,9}$/, 'filterModel')
          .transform(Number)
          .optional(),
      ),
    sort: optionalChoice(LISTING_SORTS, 'filterSort'),
    page: wholeNumber(MAX_PAGE, 'filterPage'),
    page_size: wholeNumber(MAX_PAGE_SIZE, 'filterPageSize'),
    /**
     * Keyset paging: `after` is the `next_cursor` of the page before (page N+1 read from the last row of
     * page N), `before` the `prev_cursor` of the page after. Opaque to clients; with neither, `page` is
     * read by position.
     */
    after: cursorText,
    before: cursorText,
  })
  .superRefine((q, ctx) => {
    if (q.price_min !== undefined && q.price_max !== undefined && q.price_min > q.price_max) {
      ctx.addIssue({ code: 'custom', path: ['price_min'], message: 'filterPriceRange' });
    }
    for (const key of ['car_year_min', 'car_year_max'] as const) {
      const year = q[key];
      if (year !== undefined && (year < MIN_CAR_YEAR || year > new Date().getFullYear() + 1)) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'filterYear' });
      }
    }
    if (q.car_year_min !== undefined && q.car_year_max !== undefined && q.car_year_min > q.car_year_max) {
      ctx.addIssue({ code: 'custom', path: ['car_year_min'], message: 'filterYearRange' });
    }
    if (q.page !== undefined && q.page < 1) ctx.addIssue({ code: 'custom', path: ['page'], message: 'filterPage' });
    const pageSize = q.page_size ?? MARKETPLACE_PAGE_SIZE;
    if (q.page !== undefined && pageSize >= 1 && (q.page - 1) * pageSize >= SEARCH_COUNT_CAP) {
      ctx.addIssue({ code: 'custom', path: ['page'], message: 'filterPageTooDeep' });
    }
    if (q.after !== undefined && q.before !== undefined) ctx.addIssue({ code: 'custom', path: ['before'], message: 'filterCursor' });
    if (q.page_size !== undefined && q.page_size < 1) {
      ctx.addIssue({ code: 'custom', path: ['page_size'], message: 'filterPageSize' });
    }
  });
export type ListingFiltersQuery = z.input<typeof listingFiltersQuerySchema>;
export type ListingFilters = z.output<typeof listingFiltersQuerySchema>;

/** GET /listing-all answer: data.listings as in the spec, plus the paging facts. */
export const listingAllResponseSchema = z.object({
  data: z.object({
    listings: z.array(listingSchema),
    /** The matches, counted exactly up to SEARCH_COUNT_CAP; `total_capped`: there are more ("10,000+"). */
    total: z.number().int(),
    total_capped: z.boolean(),
    page: z.number().int(),
    page_size: z.number().int(),
    /** `after` for the next page (null on the last reachable page), `before` for the previous (null on page 1). */
    next_cursor: z.string().nullable(),
    prev_cursor: z.string().nullable(),
  }),
});
export type ListingAllResponse = z.infer<typeof listingAllResponseSchema>;

/** GET /listing/{id} */
export const listingResponseSchema = z.object({ data: listingSchema });
export type ListingResponse = z.infer<typeof listingResponseSchema>;
/** GET /listing (auth): the user's own listings. */
export const myListingsResponseSchema = z.object({ data: z.object({ data: z.array(listingSchema) }) });
export type MyListingsResponse = z.infer<typeof myListingsResponseSchema>;

/** Any text: an id that is not one of ours is simply "not found" (404), not a validation error. */
export const listingIdParamsSchema = z.object({ listing_id: text().max(100) });

/** POST /listing/change-status (auth): the owner switches ACTIVE <-> INACTIVE. */
export const changeListingStatusRequestSchema = z.object({
  listing_id: z.string().uuid('listingNotFound'),
  listing_status: z.enum(['ACTIVE', 'INACTIVE'], { error: 'listingStatusInvalid' }),
});
export type ChangeListingStatusRequest = z.infer<typeof changeListingStatusRequestSchema>;
export const changeListingStatusResponseSchema = z.object({
  data: z.object({ listing_id: z.string(), status: z.enum(LISTING_STATUSES) }),
});
export type ChangeListingStatusResponse = z.infer<typeof changeListingStatusResponseSchema>;

/** POST /listing/{listing_id}/views: user_id is optional (visitors have none). */
export const recordListingViewRequestSchema = z
  .object({ user_id: text().max(100).optional() })
  .nullish()
  .transform((body) => body ?? {});
export const recordListingViewResponseSchema = z.object({
  data: z.object({ counted: z.boolean(), view_count: z.number().int() }),
});
export type RecordListingViewResponse = z.infer<typeof recordListingViewResponseSchema>;

/** GET /listing/suggested-locations: limit=5 and zip_code or city. */
export const suggestedLocationsQuerySchema = z
  .object({
    limit: text()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(
        z
          .string()
          .regex(/^\d{1,2}$/, 'filterNumber')
          .transform(Number)
          .optional(),
      ),
    zip_code: text().trim().max(5, 'filterZip').optional(),
    city: text().trim().max(60, 'filterTextTooLong').optional(),
  })
  .refine((q) => Boolean(q.zip_code) !== Boolean(q.city), { message: 'locationQueryRequired', path: ['city'] })
  .refine((q) => !q.zip_code || /^\d+$/.test(q.zip_code), { message: 'filterZip', path: ['zip_code'] });
export const locationSuggestionSchema = z.object({
  zip_code: z.string().optional(),
  city: z.string(),
  state: z.string(),
});
export type LocationSuggestion = z.infer<typeof locationSuggestionSchema>;
export const suggestedLocationsResponseSchema = z.object({ data: z.array(locationSuggestionSchema) });
export type SuggestedLocationsResponse = z.infer<typeof suggestedLocationsResponseSchema>;

/** GET /cars/makes and /cars/models-by-make-id?make-id= (plain lists). */
export const carMakeSchema = z.object({ make_id: z.number().int(), make_name: z.string() });
export type CarMake = z.infer<typeof carMakeSchema>;
export const carModelSchema = z.object({ model_id: z.number().int(), model_name: z.string() });
export type CarModel = z.infer<typeof carModelSchema>;
export const carMakesResponseSchema = z.array(carMakeSchema);
export type CarMakesResponse = z.infer<typeof carMakesResponseSchema>;
export const carModelsQuerySchema = z.object({
  'make-id': text({ error: 'filterMake' })
    .regex(/^\d{1,9}$/, 'filterMake')
    .transform(Number),
});
export const carModelsResponseSchema = z.array(carModelSchema);
export type CarModelsResponse = z.infer<typeof carModelsResponseSchema>;

/* ---------- Create listing (POST /listing/save-draft) ---------- */

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Location as JSON text (the spec's client) or as an object. */
const draftLocationSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return undefined;
    }
  },
  z.object(
    {
      city: text({ error: 'listingLocationRequired' }).trim().min(1, 'listingLocationRequired').max(80, 'listingLocationRequired'),
      state: text({ error: 'listingLocationRequired' })
        .trim()
        .regex(/^[A-Za-z]{2}$/, 'listingLocationRequired'),
      zip_code: z.preprocess(
        blankToUndefined,
        text()
          .regex(/^\d{5}$/, 'listingLocationRequired')
          .optional(),
      ),
    },
    { error: 'listingLocationRequired' },
  ),
);

export const saveDraftStep1Schema = z.object({
  step: z.literal(1),
  listing_id: z.preprocess(blankToUndefined, text().regex(LISTING_ID_PATTERN, 'listingNotFound').optional()),
  category: z.enum(LISTING_CATEGORIES, { error: 'listingCategoryRequired' }),
  /** Blank: the account's name. */
  name: z.preprocess(blankToUndefined, text().trim().min(2, 'nameMin').max(100, 'nameMax').optional()),
  /** Blank: the account's e-mail. */
  email: z.preprocess(blankToUndefined, text().trim().max(254, 'listingEmailInvalid').regex(LISTING_EMAIL_PATTERN, 'listingEmailInvalid').optional()),
  phone_number: z.preprocess(blankToUndefined, text().regex(PHONE_PATTERN, 'listingPhoneInvalid').optional()),
  location: draftLocationSchema,
});
export type SaveDraftStep1 = z.input<typeof saveDraftStep1Schema>;

/** A number typed as text or sent as a number; anything else (a list, an object) is not one (coercion would read ['5'] as 5). */
const numberInput = (v: unknown) => (v === '' || v === null ? undefined : typeof v === 'string' || typeof v === 'number' || v === undefined ? v : Number.NaN);

const optionalInt = (min: number, max: number, message: MessageKey) =>
  z.preprocess(numberInput, z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional());

/** A yes/no answer: true or 'yes', false or 'no'; blank is unanswered; anything else is not one. */
const yesNoInput = (v: unknown) =>
  v === '' || v === null || v === undefined ? undefined : v === true || v === 'yes' ? true : v === false || v === 'no' ? false : Number.NaN;
const yesNo = z.preprocess(yesNoInput, z.boolean({ error: 'rentChoiceRequired' }).optional());
const optionalAmount = (max: number, message: MessageKey) =>
  z.preprocess(numberInput, z.coerce.number({ error: message }).min(0, message).max(max, message).optional());

/**
 * The all-in cost label's fields of the step 2 request (issue #32): optional in the shape, required for
 * a rental by the step's refinement (rentalLabelIssues), ignored for a sale.
 */
const rentalLabelFields = {
  rent_deposit: optionalAmount(MAX_RENTAL_DEPOSIT_DOLLARS, 'rentDepositRange'),
  rent_min_weeks: optionalInt(1, MAX_MIN_WEEKS, 'rentMinWeeksRequired'),
  rent_mileage_unlimited: yesNo,
  rent_mileage_cap: optionalInt(1, MAX_MILEAGE_CAP, 'rentMileageRange'),
  rent_insurance_included: yesNo,
  rent_insurance_limits: z.preprocess(blankToUndefined, text().trim().max(MAX_INSURANCE_LIMITS_LENGTH, 'rentInsuranceLimitsMax').optional()),
  rent_tlc_plate_included: yesNo,
  rent_maintenance_included: yesNo,
  rent_deductible: optionalAmount(MAX_DEDUCTIBLE_DOLLARS, 'rentDeductibleRange'),
  rent_remote_disabling: yesNo,
};
type RentalLabelInput = { [K in keyof typeof rentalLabelFields]?: z.output<(typeof rentalLabelFields)[K]> };

/** The label's missing answers of a rental, by field, with the message the form shows. */
export function rentalLabelIssues(d: RentalLabelInput): Array<[keyof RentalLabelInput, MessageKey]> {
  const issues: Array<[keyof RentalLabelInput, MessageKey]> = [];
  if (d.rent_deposit === undefined) issues.push(['rent_deposit', 'rentDepositRequired']);
  if (d.rent_min_weeks === undefined) issues.push(['rent_min_weeks', 'rentMinWeeksRequired']);
  if (d.rent_mileage_unlimited === undefined) issues.push(['rent_mileage_unlimited', 'rentChoiceRequired']);
  else if (!d.rent_mileage_unlimited && d.rent_mileage_cap === undefined) issues.push(['rent_mileage_cap', 'rentMileageRequired']);
  if (d.rent_insurance_included === undefined) issues.push(['rent_insurance_included', 'rentChoiceRequired']);
  else if (d.rent_insurance_included && !d.rent_insurance_limits) issues.push(['rent_insurance_limits', 'rentInsuranceLimitsRequired']);
  if (d.rent_tlc_plate_included === undefined) issues.push(['rent_tlc_plate_included', 'rentChoiceRequired']);
  if (d.rent_maintenance_included === undefined) issues.push(['rent_maintenance_included', 'rentChoiceRequired']);
  if (d.rent_deductible === undefined) issues.push(['rent_deductible', 'rentDeductibleRequired']);
  if (d.rent_remote_disabling === undefined) issues.push(['rent_remote_disabling', 'rentChoiceRequired']);
  return issues;
}

export const saveDraftStep2Schema = z
  .object({
    step: z.literal(2),
    listing_id: text({ error: 'listingNotFound' }).regex(LISTING_ID_PATTERN, 'listingNotFound'),
    category: z.enum(LISTING_CATEGORIES, { error: 'listingCategoryRequired' }),
    title: text({ error: 'listingTitleRequired' }).trim().min(1, 'listingTitleRequired').max(MAX_TITLE_LENGTH, 'listingTitleTooLong'),
    description: z.preprocess(blankToUndefined, freeText().trim().max(MAX_DESCRIPTION_LENGTH, 'listingDescriptionTooLong').optional()),
    listing_price: z.preprocess(
      numberInput,
      z.coerce.number({ error: 'listingPriceRequired' }).positive('listingPriceRequired').max(MAX_LISTING_PRICE, 'listingPriceTooHigh'),
    ),
    deal_type: z.enum(DEAL_TYPES, { error: 'listingDealTypeRequired' }).default('rent'),
    /** Required for rent; null for sale (see saleHasNoPeriod). */
    payment_period: z.enum(PAYMENT_PERIODS, { error: 'listingPeriodRequired' }).nullable(),
    vin: z.preprocess(blankToUndefined, text().trim().max(40, 'vinLength').optional()),
    plate_number: z.preprocess(
      blankToUndefined,
      text()
        .trim()
        .max(10, 'listingPlateInvalid')
        .regex(/^[A-Za-z0-9 -]+$/, 'listingPlateInvalid')
        .optional(),
    ),
    /**
     * In display order (the first is the main picture): a file name already stored for this listing
     * (kept) or a data URL of a new picture (image/*, at most 10 MB decoded).
     */
    images: z
      .array(text().max(20 * 1024 * 1024, 'imageTooLarge'), { error: 'imagesInvalid' })
      .max(MAX_LISTING_IMAGES, 'imagesTooMany')
      .default([]),
    make: z.preprocess(blankToUndefined, text().trim().max(60, 'listingMakeRequired').optional()),
    model: z.preprocess(blankToUndefined, text().trim().max(80, 'listingModelRequired').optional()),
    year: optionalInt(MIN_CAR_YEAR, 2100, 'listingYearRequired'),
    body_class: z.preprocess(blankToUndefined, text().trim().max(80).optional()),
    fuel: z.preprocess(blankToUndefined, text().trim().max(40).optional()),
    door_number: optionalInt(1, 9, 'listingNumberInvalid'),
    seat_number: optionalInt(1, 30, 'listingNumberInvalid'),
    seat_row_number: optionalInt(1, 6, 'listingNumberInvalid'),
    ...rentalLabelFields,
  })
  .superRefine((d, ctx) => {
    // A rental carries its all-in cost label (cars and plates alike).
    if (d.deal_type === 'rent') for (const [path, message] of rentalLabelIssues(d)) ctx.addIssue({ code: 'custom', path: [path], message });
    if (d.category !== 'cars') return;
    if (!d.make) ctx.addIssue({ code: 'custom', path: ['make'], message: 'listingMakeRequired' });
    if (!d.model) ctx.addIssue({ code: 'custom', path: ['model'], message: 'listingModelRequired' });
    if (d.year === undefined) ctx.addIssue({ code: 'custom', path: ['year'], message: 'listingYearRequired' });
  });
export type SaveDraftStep2 = z.input<typeof saveDraftStep2Schema>;

/** A sale has no payment period: whatever was sent becomes null; a rental must name its period. */
export function saleHasNoPeriod(v: unknown): unknown {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
  const body = v as Record<string, unknown>;
  if (body.deal_type === 'sale') return { ...body, payment_period: null };
  return body.payment_period === null ? { ...body, payment_period: undefined } : body;
}

export const saveDraftRequestSchema = z.preprocess(
  saleHasNoPeriod,
  z.discriminatedUnion('step', [saveDraftStep1Schema, saveDraftStep2Schema], { error: 'listingStepInvalid' }),
);
/**
 * The saved listing's status after the save, and whether this save sent a published listing back to
 * review (a change other than LIVE_EDIT_FIELDS; see there).
 */
export const saveDraftResponseSchema = z.object({
  data: z.object({ data: z.object({ listing_id: z.string(), status: z.enum(LISTING_STATUSES), sent_to_review: z.boolean() }) }),
});
export type SaveDraftResponse = z.infer<typeof saveDraftResponseSchema>;

/**
 * DELETE /listing/{listing_id} (owner): a draft that was never paid is deleted with its pictures
 * (`kept_records` false); a listing that was ever paid or published is taken off everywhere but
 * kept with its payments (`kept_records` true).
 */
export const deleteListingResponseSchema = z.object({
  data: z.object({ listing_id: z.string(), kept_records: z.boolean() }),
});
export type DeleteListingResponse = z.infer<typeof deleteListingResponseSchema>;

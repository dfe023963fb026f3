import type { MessageKey } from './messages';

/**
 * The zod-free part of the listing contracts: constants, the stored filter object and small helpers.
 * Pages that only need these import this module and do not load zod (listings.ts re-exports it).
 */
/** A listing's life: a draft, under review once paid, then active or deactivated by its owner. */
export const LISTING_STATUSES = ['DRAFT', 'UNDER_REVIEW', 'ACTIVE', 'INACTIVE'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const LISTING_CATEGORIES = ['cars', 'plates'] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];
export const PAYMENT_PERIODS = ['weekly', 'monthly'] as const;
export type PaymentPeriod = (typeof PAYMENT_PERIODS)[number];

/**
 * How the marketplace compares rents of different periods: a month is 52 / 12 weeks. The one rule of
 * the price sort, the price filter and the weekly label; the database's generated column
 * `comparable_price_cents` (packages/db schema.ts) repeats `monthlyEquivalentCents` in SQL, and
 * apps/api/test/comparable-price.test.ts pins the two to the same values.
 */
const WEEKS_PER_YEAR = 52;
const MONTHS_PER_YEAR = 12;

/** A rent in cents per `period` as its monthly equivalent (weekly × 52 / 12, rounded to the cent): what the price sort and filter compare. */
export function monthlyEquivalentCents(priceCents: number, period: PaymentPeriod): number {
  return period === 'weekly' ? Math.round((priceCents * WEEKS_PER_YEAR) / MONTHS_PER_YEAR) : priceCents;
}

/**
 * A rent in cents per `period` as its weekly cost (monthly × 12 / 52, rounded to the cent): what a
 * monthly rent shows beside its price ("≈ $108 / week") wherever rents are compared or filtered per week.
 */
export function weeklyEquivalentCents(priceCents: number, period: PaymentPeriod): number {
  return period === 'monthly' ? Math.round((priceCents * MONTHS_PER_YEAR) / WEEKS_PER_YEAR) : priceCents;
}

/** A listing is for rent (a price per payment period) or for sale (one price, no period). */
export const DEAL_TYPES = ['rent', 'sale'] as const;
export type DealType = (typeof DEAL_TYPES)[number];
/**
 * Marketplace orders: newest first (the default), by price (rentals compared by their monthly
 * equivalent, weekly × 52 / 12; rentals before sales going up, sales first going down), by model
 * year (newest first; listings without a year last).
 */
export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc', 'year_desc'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const DEFAULT_LISTING_SORT: ListingSort = 'newest';

/**
 * What a complete listing has, so the listing fee can be paid: a title, a price, a payment period
 * (rentals only), a location and a contact e-mail; a car also its make, model and year. The fields
 * that are missing, by the step-2 request's field names, with the message the step-2 form shows.
 * The server refuses the fee without them; the dashboard leads such a draft to step 2 instead.
 */
export interface ListingCompleteness {
  category: ListingCategory;
  deal_type: DealType;
  title: string | null;
  price: number | null;
  payment_period: PaymentPeriod | null;
  location: { city: string; state: string } | null;
  email: string | null;
  car_make: string | null;
  car_model: string | null;
  car_year: number | null;
}
export type MissingListingField = 'title' | 'listing_price' | 'payment_period' | 'make' | 'model' | 'year' | 'location' | 'email';
export function missingListingFields(l: ListingCompleteness): Partial<Record<MissingListingField, MessageKey>> {
  const missing: Partial<Record<MissingListingField, MessageKey>> = {};
  if (!l.title?.trim()) missing.title = 'listingTitleRequired';
  if (!l.price) missing.listing_price = 'listingPriceRequired';
  if (l.deal_type === 'rent' && !l.payment_period) missing.payment_period = 'listingPeriodRequired';
  if (!l.location?.city || !l.location.state) missing.location = 'listingLocationRequired';
  if (!l.email) missing.email = 'listingEmailInvalid';
  if (l.category === 'cars') {
    if (!l.car_make) missing.make = 'listingMakeRequired';
    if (!l.car_model) missing.model = 'listingModelRequired';
    if (!l.car_year) missing.year = 'listingYearRequired';
  }
  return missing;
}

/**
 * Edits of a published listing (ACTIVE or INACTIVE): these apply at once and the listing stays as it
 * is; a change of anything else a driver reads (title, description, deal type, vehicle data, VIN or
 * plate, pictures, location) sends it back to review (UNDER_REVIEW, off the marketplace until staff
 * approve). The server decides; the form uses this list to say so before saving.
 */
export const LIVE_EDIT_FIELDS = ['listing_price', 'payment_period', 'name', 'email', 'phone_number'] as const;
export type LiveEditField = (typeof LIVE_EDIT_FIELDS)[number];
/** A published listing, whose edits the rules above apply to. */
export const isPublishedStatus = (status: ListingStatus): boolean => status === 'ACTIVE' || status === 'INACTIVE';

export const MARKETPLACE_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 50_000;
/**
 * A search counts its matches exactly up to this many; past it the total is "10,000+" (`total_capped`)
 * and only the pages holding these first matches are served, so a page costs the same whether a search
 * matches ten thousand listings or a million.
 */
export const SEARCH_COUNT_CAP = 10_000;
/** The last page a search can show: the pages of its matches, within the first SEARCH_COUNT_CAP. */
export function lastReachablePage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.min(total, SEARCH_COUNT_CAP) / pageSize));
}
/** The longest page cursor (`after`/`before` of GET /listing-all) the API reads. */
export const MAX_CURSOR_LENGTH = 200;
export const LOCATION_SUGGESTION_LIMIT = 5;
export const LOCATION_DEBOUNCE_MS = 1000;
export const MAX_LISTING_IMAGES = 9;
export const VISITED_LISTINGS_COOKIE = 'visited-listings';
export const VISITED_LISTINGS_DAYS = 14;
export const MIN_CAR_YEAR = 1980;
/** Upper bound for price filters, in whole dollars. */
export const MAX_PRICE = 10_000_000;

export const LISTING_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The client store `listingFilters`: labels and values as strings, "" when unset.
 * The same keys travel in the URL query and to GET /listing-all.
 */
export const LISTING_FILTER_KEYS = [
  'location',
  'location_zip',
  'location_city',
  'location_state',
  'category',
  'deal_type',
  'price_period',
  'price_min',
  'price_max',
  'car_year_min',
  'car_year_max',
  'car_make',
  'car_make_value',
  'car_model',
  'car_model_value',
  'sort',
] as const;
export type ListingFilterKey = (typeof LISTING_FILTER_KEYS)[number];
export type StoredListingFilters = Record<ListingFilterKey, string>;

/**
 * "On Search": only non-empty filters are sent; location and category only if set and not
 * "all"; make only for cars; model only when make is not "all". Prices only with a deal type (a
 * rent and a sale price are not comparable), the rent's period only for rentals; the sort only
 * when it is not the default (newest).
 */
export function filtersToQuery(filters: StoredListingFilters): Partial<StoredListingFilters> {
  const query: Partial<StoredListingFilters> = {};
  const set = (key: ListingFilterKey) => {
    const value = filters[key].trim();
    if (value !== '' && value !== 'all') query[key] = value;
  };
  for (const key of ['location', 'location_zip', 'location_city', 'location_state', 'category', 'deal_type'] as const) {
    set(key);
  }
  if (query.deal_type === 'rent' || query.deal_type === 'sale') {
    set('price_min');
    set('price_max');
    if (query.deal_type === 'rent' && (query.price_min || query.price_max)) set('price_period');
  }
  if (filters.category === 'cars') {
    set('car_year_min');
    set('car_year_max');
    const makeChosen = filters.car_make_value !== '' && filters.car_make_value !== 'all';
    if (makeChosen) {
      set('car_make');
      set('car_make_value');
      set('car_model');
      set('car_model_value');
    }
  }
  if (filters.sort.trim() !== DEFAULT_LISTING_SORT) set('sort');
  return query;
}

export function emptyListingFilters(): StoredListingFilters {
  return Object.fromEntries(LISTING_FILTER_KEYS.map((k) => [k, ''])) as StoredListingFilters;
}

/** The stricter contact e-mail pattern of listing step 1. */
export const LISTING_EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** "(123) 456-7890": 14 characters. */
export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;
/** A vehicle identification longer than 10 characters is a VIN, otherwise a plate number. */
export const VIN_MIN_LENGTH = 11;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_TITLE_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_LISTING_PRICE = 1_000_000;

/** Formats digits as "(123) 456-7890" while typing (digits auto-formatted). */
export function formatPhone(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 10);
  if (d.length === 0) return '';
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** "Vehicle identification": which field a typed value goes to. */
export function splitVehicleIdentification(value: string): { vin?: string; plate_number?: string } {
  const v = value.trim();
  if (!v) return {};
  return v.length >= VIN_MIN_LENGTH ? { vin: v } : { plate_number: v };
}

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

export const MARKETPLACE_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 50_000;
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
  'price_min',
  'price_max',
  'car_year_min',
  'car_year_max',
  'car_make',
  'car_make_value',
  'car_model',
  'car_model_value',
] as const;
export type ListingFilterKey = (typeof LISTING_FILTER_KEYS)[number];
export type StoredListingFilters = Record<ListingFilterKey, string>;

/**
 * "On Search": only non-empty filters are sent; location and category only if set and not
 * "all"; make only for cars; model only when make is not "all".
 */
export function filtersToQuery(filters: StoredListingFilters): Partial<StoredListingFilters> {
  const query: Partial<StoredListingFilters> = {};
  const set = (key: ListingFilterKey) => {
    const value = filters[key].trim();
    if (value !== '' && value !== 'all') query[key] = value;
  };
  for (const key of ['location', 'location_zip', 'location_city', 'location_state', 'category', 'price_min', 'price_max'] as const) {
    set(key);
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

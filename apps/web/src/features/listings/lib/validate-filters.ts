import { MAX_PRICE, MIN_CAR_YEAR } from '@medallion/contracts/listing-filters';
import type { StoredListingFilters } from '@medallion/contracts/listings';
import type { MessageKey } from '@medallion/contracts/messages';

export type FilterErrors = Partial<Record<'location' | 'price_min' | 'price_max' | 'car_year_min' | 'car_year_max', MessageKey>>;

function wholeNumber(value: string): number | null | 'invalid' {
  const text = value.trim();
  if (text === '') return null;
  return /^\d+$/.test(text) ? Number(text) : 'invalid';
}

/**
 * The checks made before a search (the same rules the API applies to GET /listing-all), so the user
 * sees them next to the fields instead of an empty list. Keys are the contracts' validation keys.
 */
export function validateFilters(filters: StoredListingFilters, now: Date = new Date()): FilterErrors {
  const errors: FilterErrors = {};
  if (filters.location.trim().length > 100) errors.location = 'filterTextTooLong';

  // Prices are searched only within a deal type (filtersToQuery drops them otherwise).
  const withPrices = filters.deal_type === 'rent' || filters.deal_type === 'sale';
  const priceMin = withPrices ? wholeNumber(filters.price_min) : null;
  const priceMax = withPrices ? wholeNumber(filters.price_max) : null;
  for (const [key, value] of [
    ['price_min', priceMin],
    ['price_max', priceMax],
  ] as const) {
    if (value === 'invalid') errors[key] = 'filterNumber';
    else if (value !== null && value > MAX_PRICE) errors[key] = 'filterPriceTooHigh';
  }
  if (!errors.price_min && !errors.price_max && typeof priceMin === 'number' && typeof priceMax === 'number' && priceMin > priceMax) {
    errors.price_min = 'filterPriceRange';
  }

  if (filters.category === 'cars') {
    const maxYear = now.getFullYear() + 1;
    const yearMin = wholeNumber(filters.car_year_min);
    const yearMax = wholeNumber(filters.car_year_max);
    for (const [key, value] of [
      ['car_year_min', yearMin],
      ['car_year_max', yearMax],
    ] as const) {
      if (value === 'invalid') errors[key] = 'filterNumber';
      else if (value !== null && (value < MIN_CAR_YEAR || value > maxYear)) errors[key] = 'filterYear';
    }
    if (!errors.car_year_min && !errors.car_year_max && typeof yearMin === 'number' && typeof yearMax === 'number' && yearMin > yearMax) {
      errors.car_year_min = 'filterYearRange';
    }
  }
  return errors;
}

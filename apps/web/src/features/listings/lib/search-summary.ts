import type { TFunction } from 'i18next';

/**
 * A readable summary of a search's filters in the user's language ("Cars · Queens, NY · $300–$900"):
 * the default name of a saved search and the line under each saved one. Takes the filters as the
 * marketplace's URL carries them (strings); keys it does not know are left out.
 */
export function summarizeSearch(filters: Record<string, string | undefined>, t: TFunction, language: string): string {
  const f = (key: string) => filters[key]?.trim() || undefined;
  const parts: string[] = [];
  const category = f('category');
  parts.push(category === 'cars' ? t('saved.summary.cars') : category === 'plates' ? t('saved.summary.plates') : t('saved.summary.all'));
  const deal = f('deal_type');
  if (deal === 'rent' || deal === 'sale') parts.push(t(`values.dealType.${deal}`));
  const place = f('location_city') ? [f('location_city'), f('location_state')?.toUpperCase()].filter(Boolean).join(', ') : (f('location_zip') ?? f('location'));
  if (place) parts.push(place);
  const vehicle = [f('car_make'), f('car_model')].filter(Boolean).join(' ');
  if (vehicle) parts.push(vehicle);
  const years = range(f('car_year_min'), f('car_year_max'), (v) => v, t);
  if (years) parts.push(years);
  const money = (v: string) => new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(Number(v));
  const price = range(f('price_min'), f('price_max'), money, t);
  if (price) parts.push(price);
  return parts.join(' · ');
}

function range(min: string | undefined, max: string | undefined, show: (v: string) => string, t: TFunction): string | undefined {
  if (min && max) return `${show(min)}–${show(max)}`;
  if (min) return t('saved.summary.from', { value: show(min) });
  if (max) return t('saved.summary.upTo', { value: show(max) });
  return undefined;
}

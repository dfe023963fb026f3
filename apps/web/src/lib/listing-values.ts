import type { Listing } from '@medallion/contracts/listings';
import { useTranslation } from 'react-i18next';

/** "Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)" → "sport-utility-vehicle-suv-multi-purpose-vehicle-mpv": a locale key. */
export function valueKey(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Listing values in the user's language: the vPIC fuel types and body classes that the VIN decoder
 * and the seed store ("Gasoline", "Hybrid Electric", "Sedan/Saloon", "Minivan"...), the payment
 * period and the deal type. A value the locales do not know is shown as stored. Texts of the
 * `listings` namespace (a page using this loads it: the marketplace, a listing, the staff review queue).
 */
export function useListingValues() {
  const { t } = useTranslation('listings');
  const stored = (kind: 'fuel' | 'bodyClass', value: string) => t(`values.${kind}.${valueKey(value)}`, { defaultValue: value });
  return {
    fuel: (value: string) => stored('fuel', value),
    bodyClass: (value: string) => stored('bodyClass', value),
    dealType: (value: Listing['deal_type']) => t(`values.dealType.${value}`),
    paymentPeriod: (value: NonNullable<Listing['payment_period']>) => t(`values.paymentPeriod.${value}`),
  };
}

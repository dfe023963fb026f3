import { weeklyEquivalentCents } from '@medallion/contracts/listing-filters';
import type { Listing } from '@medallion/contracts/listings';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../lib/format';

/** "$450 / week" ("$450 в неделю"); the period only when the listing has one. */
export function useListingPriceText() {
  const { t, i18n } = useTranslation('listings');
  return (listing: Pick<Listing, 'price' | 'payment_period'>): string => {
    if (listing.price === null) return t('card.noPrice');
    const price = formatPrice(listing.price, i18n.language);
    return listing.payment_period ? t(`card.pricePer.${listing.payment_period}`, { price }) : price;
  };
}

/**
 * "≈ $108 / week" ("≈ 108 $ в неделю") beside a monthly rent: its weekly cost by the marketplace's one
 * rule (contracts' weeklyEquivalentCents), in whole dollars, so a list sorted or filtered per week reads
 * right. Null for a weekly rent, a sale or a listing without a price.
 */
export function useWeeklyEquivalentText() {
  const { t, i18n } = useTranslation('listings');
  return (listing: Pick<Listing, 'deal_type' | 'price' | 'payment_period'>): string | null => {
    if (listing.deal_type !== 'rent' || listing.payment_period !== 'monthly' || listing.price === null) return null;
    const weeklyCents = weeklyEquivalentCents(Math.round(listing.price * 100), 'monthly');
    return t('card.weeklyEquivalent', { price: formatPrice(Math.round(weeklyCents / 100), i18n.language) });
  };
}

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

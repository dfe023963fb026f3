import type { Listing } from '@medallion/contracts/listings';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../lib/format';

/**
 * "$450 a week · deposit $500 · from 2 weeks": a rental card's all-in cost in one line. The weekly cost
 * is the API's `weekly_cost` (contracts weeklyCostCents: the weekly rent, a monthly rent × 12 / 52),
 * with the deposit beside it, never spread into it (it comes back). Null without a label.
 */
export function useRentalCardLine() {
  const { t, i18n } = useTranslation('listings');
  return (listing: Pick<Listing, 'rental_label' | 'weekly_cost'>): string | null => {
    const label = listing.rental_label;
    if (!label || listing.weekly_cost === null) return null;
    return t('rentalLabel.cardLine', {
      cost: formatPrice(listing.weekly_cost, i18n.language),
      deposit: formatPrice(label.deposit, i18n.language),
      weeks: t('rentalLabel.weeks', { count: label.min_weeks }),
    });
  };
}

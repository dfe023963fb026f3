import type { Listing } from '@medallion/contracts/listings';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../lib/format';

/**
 * "Deposit $500 · from 2 weeks": what a rental card adds to its price from the all-in label. The card
 * already shows the weekly cost a driver compares, once, beside the price: a weekly rent's price is it,
 * and a monthly rent has "≈ $595 / week" (contracts' weeklyEquivalentCents, the same rule as the
 * API's `weekly_cost`). Written here again, as "$595.38 a week", it read as a second, different price.
 * The deposit stays apart, never spread into the weekly cost (it comes back). Null without a label.
 */
export function useRentalCardLine() {
  const { t, i18n } = useTranslation('listings');
  return (listing: Pick<Listing, 'rental_label'>): string | null => {
    const label = listing.rental_label;
    if (!label) return null;
    return t('rentalLabel.cardLine', {
      deposit: formatPrice(label.deposit, i18n.language),
      minimum: t('rentalLabel.fromWeeks', { count: label.min_weeks }),
    });
  };
}

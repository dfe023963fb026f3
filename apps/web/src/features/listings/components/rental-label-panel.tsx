import { NEVER_INCLUDED } from '@medallion/contracts/rental-states';
import type { Listing } from '@medallion/contracts/listings';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../lib/format';

/** The listing page's all-in cost label: the weekly cost, the deposit and each term, what is never included. */
export function RentalLabelPanel({ listing }: { listing: Pick<Listing, 'rental_label' | 'weekly_cost'> }) {
  const { t, i18n } = useTranslation('listings');
  const label = listing.rental_label;
  const money = (n: number) => formatPrice(n, i18n.language);
  if (!label || listing.weekly_cost === null) {
    return <p className="text-sm text-slate-700">{t('rentalLabel.noLabel')}</p>;
  }
  const included = (yes: boolean) => (yes ? t('rentalLabel.included') : t('rentalLabel.notIncluded'));
  const rows: Array<[string, string]> = [
    [t('rentalLabel.deposit'), money(label.deposit)],
    [t('rentalLabel.minWeeks'), t('rentalLabel.weeks', { count: label.min_weeks })],
    [
      t('rentalLabel.mileage'),
      label.mileage_unlimited ? t('rentalLabel.unlimited') : t('rentalLabel.capPerWeek', { miles: (label.mileage_cap ?? 0).toLocaleString(i18n.language) }),
    ],
    [
      t('rentalLabel.insurance'),
      label.insurance_included && label.insurance_limits
        ? t('rentalLabel.includedWith', { limits: label.insurance_limits })
        : included(label.insurance_included),
    ],
    [t('rentalLabel.tlcPlate'), included(label.tlc_plate_included)],
    [t('rentalLabel.maintenance'), included(label.maintenance_included)],
    [t('rentalLabel.deductible'), money(label.deductible)],
    [t('rentalLabel.remoteDisabling'), label.remote_disabling ? t('rentalLabel.yes') : t('rentalLabel.no')],
    [t('rentalLabel.neverIncluded'), sentence(NEVER_INCLUDED.map((item) => t(`rentalLabel.never.${item}`)).join(', '), i18n.language)],
  ];
  return (
    <div data-testid="rental-label" className="flex flex-col gap-3">
      <div className="rounded-xl bg-taxi-soft p-3">
        <p className="text-sm font-semibold text-slate-700">{t('rentalLabel.weeklyCost')}</p>
        <p className="text-2xl font-extrabold text-asphalt">{t('rentalLabel.perWeek', { amount: money(listing.weekly_cost) })}</p>
        <p className="text-sm text-slate-700">{t('rentalLabel.weeklyCostHint')}</p>
      </div>
      {/* Two fifths for the terms (they wrap), three for the values: an insurance's limits fit on a phone. */}
      <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-slate-700">{term}</dt>
            <dd className="min-w-0 break-words text-asphalt">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** "Tolls, tickets, fuel or charging": a list of lowercase items read as one value, its first letter capital. */
function sentence(text: string, language: string): string {
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}

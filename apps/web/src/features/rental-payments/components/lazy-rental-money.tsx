import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '@/components/ui/lazy';
import { Spinner } from '@/components/ui/spinner';

/* A rental's payments and the owner's payouts are chunks of their own, loaded when My rentals shows them. */
const RentalCharges = lazyNamed(() => import('./rental-charges'), 'RentalCharges');
const OwnerPayouts = lazyNamed(() => import('./owner-payouts'), 'OwnerPayouts');

export function LazyRentalCharges(props: { rentalId: string; role: 'driver' | 'owner' }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('loading')} className="text-sm text-slate-600" />}>
      <RentalCharges {...props} />
    </Suspense>
  );
}

export function LazyOwnerPayouts() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('loading')} className="text-sm text-slate-600" />}>
      <OwnerPayouts />
    </Suspense>
  );
}

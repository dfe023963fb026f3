import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RentalView } from '@medallion/contracts/rentals';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckoutAlert, CheckoutLayout, PayButton } from '@/components/ui/checkout-layout';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { SuccessPanel } from '@/components/ui/success-panel';
import { ApiClientError } from '@/lib/api-client';
import { useChosenCard } from '@/lib/chosen-card';
import { errorText } from '@/lib/error-text';
import { useMyRentals } from '@/lib/queries/rentals';
import { usePayRentalPickup } from '../api/rental-payments';
import { useRentalFormats } from './formats';
import { PayNotice } from './pay-notice';

interface Props {
  rentalId: string;
  /** The saved cards as radio buttons with "Add payment method" (composed by the route). */
  renderPaymentMethods: (selectedId: string | null, onSelect: (id: string) => void) => ReactNode;
}

/** A payment's refusal in the user's language: a bare decline (402 without a message key) says so plainly. */
export function paymentErrorText(error: unknown, declined: string): string {
  return error instanceof ApiClientError && error.status === 402 && !error.key ? declined : errorText(error);
}

/** The rental the payment is for: the car, its owner and its days. */
export function RentalSummaryCard({ rental }: { rental: Pick<RentalView, 'listing_id' | 'listing_title' | 'counterpart_name' | 'start_date' | 'end_date'> }) {
  const { t } = useTranslation('rentalPayments');
  const f = useRentalFormats();
  return (
    <Card as="section" aria-labelledby="rental-title" className="flex flex-col gap-2 p-5 sm:p-6">
      <h2 id="rental-title" className="text-xl font-bold">
        {t('pickup.rental')}
      </h2>
      <Link to={`/listing/${rental.listing_id}`} className="break-words text-lg font-bold text-asphalt underline-offset-2 hover:underline">
        {rental.listing_title ?? '—'}
      </Link>
      <p className="text-slate-700">{t('ownerIs', { name: rental.counterpart_name })}</p>
      <p className="text-slate-700">{f.days(rental.start_date, rental.end_date)}</p>
    </Card>
  );
}

/**
 * /rentals/:rentalId/pay: the driver pays the pick-up (the deposit and week 1) with a saved or a new card.
 * The amounts are the server's (the rental view's `pickup_amount_cents`); the server charges a rental's
 * pick-up once, so a second Pay (another tab, a retry) shows the first payment's answer.
 */
export function PickupPayment({ rentalId, renderPaymentMethods }: Props) {
  const { t } = useTranslation('rentalPayments');
  const f = useRentalFormats();
  const mine = useMyRentals();
  const pay = usePayRentalPickup();
  const [selected, choose] = useChosenCard();
  const [missingCard, setMissingCard] = useState(false);

  if (pay.isSuccess) {
    return (
      <SuccessPanel title={t('pickup.successTitle')} text={t('pickup.successText', { amount: f.money(pay.data.data.amount) })}>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={`/rentals/${rentalId}/handover`} className={buttonClasses('primary')}>
            {t('pickup.toHandover')}
          </Link>
          <Link to="/dashboard?tab=rentals" className={buttonClasses('outline')}>
            {t('toRentals')}
          </Link>
        </div>
      </SuccessPanel>
    );
  }
  if (mine.isPending) return <Spinner label={t('loading')} className="py-10 text-slate-500" />;
  if (mine.isError) return <ErrorState message={errorText(mine.error)} retryLabel={t('retry')} onRetry={() => void mine.refetch()} />;
  const rental = mine.data.data.rentals.find((r) => r.id === rentalId);
  if (!rental) return <PayNotice>{t('notFound')}</PayNotice>;
  if (rental.role !== 'driver') return <PayNotice>{t('driverOnly')}</PayNotice>;
  if (rental.pickup_paid_at) {
    return (
      <PayNotice
        action={
          <Link to={`/rentals/${rentalId}/handover`} className={buttonClasses('primary')}>
            {t('pickup.toHandover')}
          </Link>
        }
      >
        {t('pickup.alreadyPaid')}
      </PayNotice>
    );
  }
  if (rental.status === 'awaiting_agreement') return <PayNotice>{t('pickup.agreementFirst')}</PayNotice>;
  if (rental.status !== 'awaiting_pickup') return <PayNotice>{t('pickup.notWaiting')}</PayNotice>;

  const total = rental.pickup_amount_cents;
  const submit = () => {
    if (!selected) {
      setMissingCard(true);
      return;
    }
    pay.mutate({ rentalId, amountCents: total, paymentMethodId: selected });
  };
  const shownError = pay.isError ? paymentErrorText(pay.error, t('declined')) : null;

  return (
    <CheckoutLayout
      summaryTitle={t('pickup.summary')}
      lines={[
        { label: t('pickup.deposit'), amount: f.money(Math.round(rental.deposit * 100)), testId: 'pickup-deposit' },
        { label: t('pickup.firstWeek'), amount: f.money(Math.round(rental.weekly_rent * 100)), testId: 'pickup-week' },
      ]}
      total={{ label: t('pickup.total'), amount: f.money(total), testId: 'pickup-total' }}
      afterLines={
        <>
          <p className="text-sm text-slate-700">{t('pickup.depositNote')}</p>
          <p className="text-sm text-slate-600">
            {rental.weeks > 2 ? t('pickup.weeksNoteMany', { last: rental.weeks }) : rental.weeks === 2 ? t('pickup.weeksNoteTwo') : t('pickup.weeksNoteSingle')}
          </p>
          {(missingCard || shownError) && (
            <CheckoutAlert testId="pay-error">
              <p>{missingCard ? t('cardRequired') : shownError}</p>
            </CheckoutAlert>
          )}
          <PayButton pending={pay.isPending} label={t('pay', { amount: f.money(total) })} pendingLabel={t('processing')} onClick={submit} />
        </>
      }
    >
      <RentalSummaryCard rental={rental} />
      {renderPaymentMethods(selected, (id) => {
        choose(id);
        setMissingCard(false);
        pay.reset();
      })}
    </CheckoutLayout>
  );
}

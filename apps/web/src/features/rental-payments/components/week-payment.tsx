import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RentalCharge } from '@medallion/contracts/rental-payments';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckoutAlert, CheckoutLayout, PayButton } from '@/components/ui/checkout-layout';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { SuccessPanel } from '@/components/ui/success-panel';
import { ApiClientError } from '@/lib/api-client';
import { useChosenCard } from '@/lib/chosen-card';
import { errorText } from '@/lib/error-text';
import { useMyRentals, useRentalCharges } from '@/lib/queries/rentals';
import { usePayRentWeek } from '../api/rental-payments';
import { useRentalFormats } from './formats';
import { PayNotice } from './pay-notice';
import { paymentErrorText, RentalSummaryCard } from './pickup-payment';

interface Props {
  rentalId: string;
  /** The week as the API and the e-mails number it: 0 is the first week. */
  week: number;
  renderPaymentMethods: (selectedId: string | null, onSelect: (id: string) => void) => ReactNode;
}

/** Whether the driver can pay this week here (the server's rule, read from the charge's status). */
const payable = (c: RentalCharge) => c.status === 'needs_action' || c.status === 'failed' || (c.status === 'due' && c.attempts > 0);

/** Why the driver is asked to pay: their bank wants them, or the automatic charge was declined. */
function Why({ charge }: { charge: RentalCharge }) {
  const { t } = useTranslation('rentalPayments');
  const f = useRentalFormats();
  return (
    <Card as="section" aria-labelledby="why-title" className="flex flex-col gap-2 p-5 sm:p-6" data-testid="week-why">
      <h2 id="why-title" className="text-xl font-bold">
        {t('week.whyTitle')}
      </h2>
      {charge.status === 'needs_action' ? (
        <p>{t('week.needsAction')}</p>
      ) : charge.status === 'failed' ? (
        <>
          {charge['failure-message'] && <p>{t('week.declined', { reason: charge['failure-message'] })}</p>}
          <p>{t('week.failed', { count: charge.attempts })}</p>
        </>
      ) : (
        <>
          <p>{t('week.declined', { reason: charge['failure-message'] ?? '—' })}</p>
          {charge['next-attempt-at'] && <p className="text-slate-700">{t('week.retryOn', { date: f.date(charge['next-attempt-at']) })}</p>}
        </>
      )}
    </Card>
  );
}

/**
 * /rentals/:rentalId/weeks/:week/pay: the page the e-mails link to, where the driver pays a declined week,
 * or one their bank wants confirmed (3-D Secure), on-session. A week paid before says so; the server
 * answers a second Pay with the same paid charge.
 */
export function WeekPayment({ rentalId, week, renderPaymentMethods }: Props) {
  const { t } = useTranslation('rentalPayments');
  const f = useRentalFormats();
  const charges = useRentalCharges(rentalId);
  const mine = useMyRentals();
  const pay = usePayRentWeek();
  const [selected, choose] = useChosenCard();
  const [missingCard, setMissingCard] = useState(false);
  const n = week + 1;

  if (pay.isSuccess) {
    return (
      <SuccessPanel title={t('week.successTitle', { week: n })} text={t('week.successText', { amount: f.money(pay.data.data['amount-cents']) })}>
        <Link to="/dashboard?tab=rentals" className={buttonClasses('primary')}>
          {t('toRentals')}
        </Link>
      </SuccessPanel>
    );
  }
  if (charges.isPending || mine.isPending) return <Spinner label={t('loading')} className="py-10 text-slate-500" />;
  if (charges.isError) {
    if (charges.error instanceof ApiClientError && charges.error.status === 404) return <PayNotice>{t('notFound')}</PayNotice>;
    return <ErrorState message={errorText(charges.error)} retryLabel={t('retry')} onRetry={() => void charges.refetch()} />;
  }
  const rental = mine.data?.data.rentals.find((r) => r.id === rentalId);
  if (rental && rental.role !== 'driver') return <PayNotice>{t('driverOnly')}</PayNotice>;
  const charge = charges.data.data.charges.find((c) => c.kind === 'week' && c.week === week);
  if (!charge) return <PayNotice>{t('week.noCharge', { week: n })}</PayNotice>;
  if (charge.status === 'succeeded')
    return <PayNotice>{t('week.paid', { week: n, date: charge['paid-at'] ? f.date(charge['paid-at']) : f.day(charge['due-date']) })}</PayNotice>;
  if (charge.status === 'processing') return <PayNotice>{t('week.inProgress')}</PayNotice>;
  if (charge.status === 'cancelled') return <PayNotice>{t('week.cancelled')}</PayNotice>;
  if (!payable(charge)) return <PayNotice>{t('week.notDue', { date: f.day(charge['due-date']) })}</PayNotice>;

  const submit = () => {
    if (!selected) {
      setMissingCard(true);
      return;
    }
    pay.mutate({ rentalId, week, paymentMethodId: selected });
  };
  const shownError = pay.isError ? paymentErrorText(pay.error, t('declined')) : null;
  const amount = f.money(charge['amount-cents']);

  return (
    <CheckoutLayout
      summaryTitle={t('week.summary')}
      lines={[{ label: t('week.rentLine', { week: n }), amount }]}
      total={{ label: t('week.total'), amount, testId: 'week-total' }}
      afterLines={
        <>
          <p className="text-sm text-slate-600">{t('week.due', { date: f.day(charge['due-date']) })}</p>
          {(missingCard || shownError) && (
            <CheckoutAlert testId="pay-error">
              <p>{missingCard ? t('cardRequired') : shownError}</p>
            </CheckoutAlert>
          )}
          <PayButton pending={pay.isPending} label={t('pay', { amount })} pendingLabel={t('processing')} onClick={submit} />
        </>
      }
    >
      <Why charge={charge} />
      {rental && <RentalSummaryCard rental={rental} />}
      {renderPaymentMethods(selected, (id) => {
        choose(id);
        setMissingCard(false);
        pay.reset();
      })}
    </CheckoutLayout>
  );
}

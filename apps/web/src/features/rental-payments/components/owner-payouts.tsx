import { CircleCheck, Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { useOwnerPayouts, usePayoutSetup } from '@/lib/queries/rentals';
import { useGoToPayoutSetup } from '../api/rental-payments';
import { useRentalFormats } from './formats';

/** The owner's summary in My rentals: the rent due to them and what was paid out (GET /rentals/payouts). */
export function OwnerPayouts() {
  const { t } = useTranslation('rentalPayments');
  const f = useRentalFormats();
  const payouts = useOwnerPayouts();
  return (
    <section aria-labelledby="payouts-title" className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4" data-testid="owner-payouts">
      <h3 id="payouts-title" className="text-lg font-bold">
        {t('payouts.title')}
      </h3>
      <PayoutSetup />
      {payouts.isPending ? (
        <Spinner label={t('loading')} className="text-sm text-slate-600" />
      ) : payouts.isError ? (
        <ErrorState message={errorText(payouts.error)} retryLabel={t('retry')} onRetry={() => void payouts.refetch()} />
      ) : (
        <>
          <dl className="grid max-w-lg grid-cols-2 gap-3">
            <div className="rounded-xl bg-taxi-soft p-3">
              <dt className="text-sm text-slate-700">{t('payouts.due')}</dt>
              <dd className="text-xl font-extrabold tabular-nums" data-testid="payouts-due">
                {f.money(payouts.data.data['due-cents'])}
              </dd>
            </div>
            <div className="rounded-xl bg-paper p-3">
              <dt className="text-sm text-slate-700">{t('payouts.paid')}</dt>
              <dd className="text-xl font-extrabold tabular-nums" data-testid="payouts-paid">
                {f.money(payouts.data.data['paid-cents'])}
              </dd>
            </div>
          </dl>
          <p className="text-sm text-slate-600">{payouts.data.data.payouts.length === 0 ? t('payouts.empty') : t('payouts.note')}</p>
        </>
      )}
    </section>
  );
}

/**
 * Where the owner's rent goes (GET /rentals/payouts/setup): with Stripe, an owner must finish their
 * payout account on Stripe's pages before any rent can reach them; the button opens them (a fresh link
 * each time) and Stripe brings the owner back here. Said once it is done. Nothing while it is read.
 */
function PayoutSetup() {
  const { t } = useTranslation('rentalPayments');
  const setup = usePayoutSetup();
  const go = useGoToPayoutSetup();
  const state = setup.data?.data.state;
  if (state === 'ready') {
    return (
      <p className="flex items-center gap-2 text-sm font-semibold text-success-text" data-testid="payout-setup-ready">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
        {t('payouts.setup.ready')}
      </p>
    );
  }
  if (state !== 'needed') return null;
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-taxi bg-taxi-soft p-4" data-testid="payout-setup-needed">
      <div className="flex items-start gap-3">
        <Landmark aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-asphalt" />
        <div className="flex flex-col gap-1">
          <p className="font-bold">{t('payouts.setup.title')}</p>
          <p className="max-w-2xl text-sm text-slate-700">{t('payouts.setup.body')}</p>
        </div>
      </div>
      <Button onClick={() => go.mutate()} disabled={go.isPending || go.isSuccess}>
        {go.isPending || go.isSuccess ? t('payouts.setup.opening') : t('payouts.setup.action')}
      </Button>
      {go.isError && (
        <p role="alert" className="text-sm font-semibold text-danger-text">
          {errorText(go.error)}
        </p>
      )}
    </div>
  );
}

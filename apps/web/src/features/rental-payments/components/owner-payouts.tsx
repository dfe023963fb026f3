import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { useOwnerPayouts } from '@/lib/queries/rentals';
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

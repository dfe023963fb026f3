import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RentalCharge, RentalChargesResponse } from '@medallion/contracts/rental-payments';
import { Button, buttonClasses } from '@/components/ui/button';
import { AlertDialog, AlertDialogCancel, AlertDialogCard, AlertDialogDescription, AlertDialogHeader } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/error-text';
import { useRentalCharges } from '@/lib/queries/rentals';
import { useEndRentalForNonPayment } from '../api/rental-payments';
import { useRentalFormats } from './formats';

type Role = 'driver' | 'owner';

/** The link to the page where the driver pays a week (the e-mails' link). */
export const weekPayPath = (rentalId: string, week: number) => `/rentals/${rentalId}/weeks/${week}/pay`;

/** What became of a charge, in a few words, and its tone. */
function useChargeState() {
  const { t } = useTranslation('rentalPayments');
  const f = useRentalFormats();
  return (c: RentalCharge, role: Role): { text: string; tone: 'ok' | 'wait' | 'bad' | 'off'; pay: boolean } => {
    switch (c.status) {
      case 'succeeded':
        return { text: t('charges.paid', { date: c['paid-at'] ? f.date(c['paid-at']) : f.day(c['due-date']) }), tone: 'ok', pay: false };
      case 'processing':
        return { text: t('charges.processing'), tone: 'wait', pay: false };
      case 'needs_action':
        return { text: t(role === 'driver' ? 'charges.needsAction' : 'charges.needsActionOwner'), tone: 'bad', pay: true };
      case 'failed':
        return { text: t('charges.failed', { count: c.attempts }), tone: 'bad', pay: true };
      case 'cancelled':
        return { text: t('charges.cancelled'), tone: 'off', pay: false };
      default:
        if (c.attempts === 0) return { text: t('charges.due', { date: f.day(c['due-date']) }), tone: 'wait', pay: false };
        return {
          text: c['next-attempt-at'] ? t('charges.declined', { date: f.date(c['next-attempt-at']) }) : t('charges.declinedNow'),
          tone: 'bad',
          pay: true,
        };
    }
  };
}

const TONES = { ok: 'text-success-text', wait: 'text-slate-700', bad: 'text-danger-text', off: 'text-slate-500' } as const;

/** One line of the list: what, how much, and what became of it. */
function Line({ label, amount, state, action }: { label: string; amount: string; state: { text: string; tone: keyof typeof TONES }; action?: ReactNode }) {
  return (
    <li className="grid grid-cols-[1fr_auto] gap-x-3 border-t border-slate-100 py-2 first:border-t-0">
      <span className="font-semibold text-asphalt">{label}</span>
      <span className="text-right font-semibold tabular-nums">{amount}</span>
      <span className={cn('col-span-2 text-sm', TONES[state.tone])}>{state.text}</span>
      {action && <span className="col-span-2 pt-1">{action}</span>}
    </li>
  );
}

/** Every charge and refund of a rental, for its driver and its owner (GET /rentals/{id}/charges). */
export function RentalCharges({ rentalId, role }: { rentalId: string; role: Role }) {
  const { t } = useTranslation('rentalPayments');
  const charges = useRentalCharges(rentalId);
  if (charges.isPending) return <Spinner label={t('charges.loading')} className="text-sm text-slate-600" />;
  if (charges.isError) return <ErrorState message={errorText(charges.error)} retryLabel={t('retry')} onRetry={() => void charges.refetch()} />;
  return <RentalChargesList rentalId={rentalId} role={role} data={charges.data.data} />;
}

export function RentalChargesList({ rentalId, role, data }: { rentalId: string; role: Role; data: RentalChargesResponse['data'] }) {
  const { t } = useTranslation('rentalPayments');
  const f = useRentalFormats();
  const stateOf = useChargeState();
  const deposit = data.charges.find((c) => c.kind === 'deposit');
  const weeks = data.charges.filter((c) => c.kind === 'week').sort((a, b) => a.week - b.week);
  const claim = data.claim;
  const refund = deposit?.['refund-status'];
  const titleId = `charges-${rentalId}`;
  return (
    <section aria-labelledby={titleId} className="flex w-full max-w-xl flex-col gap-1 rounded-xl bg-paper p-3" data-testid="rental-charges">
      <h4 id={titleId} className="font-bold">
        {t('charges.title')}
      </h4>
      {data.charges.length === 0 ? (
        <p className="text-sm text-slate-600">{t('charges.empty')}</p>
      ) : (
        <ul className="flex flex-col">
          {deposit && <Line label={t('charges.deposit')} amount={f.money(deposit['amount-cents'])} state={stateOf(deposit, role)} />}
          {weeks.map((c) => {
            const state = stateOf(c, role);
            return (
              <Line
                key={c.week}
                label={t('charges.week', { week: c.week + 1 })}
                amount={f.money(c['amount-cents'])}
                state={state}
                action={
                  state.pay && role === 'driver' ? (
                    <Link to={weekPayPath(rentalId, c.week)} className={buttonClasses('primary', 'sm')}>
                      {t('charges.payWeek', { week: c.week + 1 })}
                    </Link>
                  ) : undefined
                }
              />
            );
          })}
          {claim && (
            <Line
              label={t('charges.claim')}
              amount={f.money(claim['amount-cents'])}
              state={{
                text: [
                  t(`charges.claimStatus.${claim.status}`),
                  claim['withheld-cents'] !== null ? t('charges.claimKept', { amount: f.money(claim['withheld-cents']) }) : null,
                ]
                  .filter(Boolean)
                  .join(' · '),
                tone: 'wait',
              }}
            />
          )}
          {deposit && refund && (
            <Line
              label={t('charges.refund')}
              amount={refund === 'succeeded' ? f.money(deposit['refunded-cents']) : '—'}
              state={
                refund === 'succeeded'
                  ? { text: t('charges.refunded', { date: deposit['refunded-at'] ? f.date(deposit['refunded-at']) : '' }), tone: 'ok' }
                  : { text: t(refund === 'processing' ? 'charges.refundProcessing' : 'charges.refundFailed'), tone: 'wait' }
              }
            />
          )}
        </ul>
      )}
      {role === 'owner' && <EndForNonPayment rentalId={rentalId} allowed={data['may-end-for-non-payment']} from={data['may-end-for-non-payment-at']} />}
    </section>
  );
}

/** The owner ends a rental whose rent stayed unpaid: allowed when the server says so, after a confirmation. */
function EndForNonPayment({ rentalId, allowed, from }: { rentalId: string; allowed: boolean; from: string | null }) {
  const { t } = useTranslation('rentalPayments');
  const f = useRentalFormats();
  const end = useEndRentalForNonPayment();
  const [confirming, setConfirming] = useState(false);
  if (!allowed) return from ? <p className="pt-1 text-sm text-slate-700">{t('end.from', { date: f.dateTime(from) })}</p> : null;
  return (
    <div className="flex flex-col items-start gap-2 pt-2">
      <Button variant="outline" size="sm" className="border-danger text-danger-text" onClick={() => setConfirming(true)}>
        {t('end.button')}
      </Button>
      {end.isError && (
        <p role="alert" className="text-sm text-danger-text">
          {errorText(end.error)}
        </p>
      )}
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogCard className="flex flex-col gap-4 p-6">
          <AlertDialogHeader title={t('end.confirmTitle')} />
          <AlertDialogDescription className="text-slate-700">{t('end.confirmText')}</AlertDialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel className={buttonClasses('outline', 'md')}>{t('end.cancel')}</AlertDialogCancel>
            <Button
              variant="danger"
              disabled={end.isPending}
              onClick={() => end.mutate(rentalId, { onSuccess: () => toast.success(t('end.done')), onSettled: () => setConfirming(false) })}
            >
              {end.isPending && <Spinner label={t('end.ending')} />}
              {t('end.confirm')}
            </Button>
          </div>
        </AlertDialogCard>
      </AlertDialog>
    </div>
  );
}

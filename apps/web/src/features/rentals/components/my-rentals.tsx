import { CarFront, Download } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AGREEMENT_TEXT } from '@medallion/contracts/rental-agreement-text';
import { addDays, RENTAL_GROUPS, type RentalStatus } from '@medallion/contracts/rental-states';
import type { RentalRequestView, RentalView } from '@medallion/contracts/rentals';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { formatLongDate } from '@medallion/contracts/formats';
import { formatUsd } from '@/lib/money';
import { errorText, fieldErrorText } from '@/lib/error-text';
import { useAcceptAgreement, useDecideRequest, useMyRentals } from '../api/rentals';

const inGroup = (group: keyof typeof RENTAL_GROUPS, status: RentalStatus) => (RENTAL_GROUPS[group] as readonly RentalStatus[]).includes(status);

export interface MyRentalsProps {
  /** A rental's charges and refunds (composed by the route), shown once its pick-up is paid. */
  renderMoney?: (rental: RentalView) => ReactNode;
  /** The owner's payouts summary (composed by the route), shown when the account owns a rental. */
  ownerSummary?: ReactNode;
}

/** "My rentals" on the dashboard: requests, upcoming, active and past rentals, as driver and as owner. */
export function MyRentals({ renderMoney, ownerSummary }: MyRentalsProps) {
  const { t } = useTranslation('rentals');
  const mine = useMyRentals();
  if (mine.isPending) return <Spinner label={t('loading')} className="text-slate-600" />;
  if (mine.isError) return <ErrorState message={errorText(mine.error)} retryLabel={t('retry')} onRetry={() => void mine.refetch()} />;
  const { requests, rentals } = mine.data.data;
  if (requests.length === 0 && rentals.length === 0) {
    return (
      <EmptyState icon={CarFront}>
        <p>{t('empty')}</p>
        <Link to="/marketplace?deal_type=rent" className={buttonClasses('dark')}>
          {t('findCar')}
        </Link>
      </EmptyState>
    );
  }
  const open = requests.filter((r) => r.status === 'open');
  const closed = requests.filter((r) => r.status !== 'open' && r.status !== 'approved');
  const card = (r: RentalView) => <RentalCard key={r.id} rental={r} payments={r.pickup_paid_at ? renderMoney?.(r) : null} />;
  return (
    <div className="flex flex-col gap-8" data-testid="my-rentals">
      {rentals.some((r) => r.role === 'owner') && ownerSummary}
      <Group title={t('groups.requests')} empty={t('none.requests')}>
        {open.map((r) => (
          <RequestCard key={r.id} request={r} />
        ))}
      </Group>
      <Group title={t('groups.upcoming')} empty={t('none.upcoming')}>
        {rentals.filter((r) => inGroup('upcoming', r.status)).map(card)}
      </Group>
      <Group title={t('groups.active')} empty={t('none.active')}>
        {rentals.filter((r) => inGroup('active', r.status)).map(card)}
      </Group>
      <Group title={t('groups.past')} empty={t('none.past')}>
        {rentals.filter((r) => inGroup('past', r.status)).map(card)}
        {closed.map((r) => (
          <RequestCard key={r.id} request={r} />
        ))}
      </Group>
    </div>
  );
}

function Group({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  const items = children.flat().filter(Boolean);
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-lg font-bold">{title}</h3>
      {items.length ? <ul className="flex flex-col gap-3">{items}</ul> : <p className="text-slate-600">{empty}</p>}
    </section>
  );
}

function useDates() {
  const { i18n } = useTranslation();
  const day = (d: string) => formatLongDate(new Date(`${d}T12:00:00-05:00`), i18n.language);
  return (start: string, end: string) => `${day(start)} – ${day(addDays(end, -1))}`;
}

function RequestCard({ request }: { request: RentalRequestView }) {
  const { t } = useTranslation('rentals');
  const dates = useDates();
  const decide = useDecideRequest();
  const act = (action: 'approve' | 'decline' | 'withdraw') => decide.mutate({ id: request.id, action });
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4" data-testid="rental-request">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={`/listing/${request.listing_id}`} className="font-bold underline-offset-2 hover:underline">
          {request.listing_title ?? t('untitled')}
        </Link>
        <StatusBadge text={t(`requestStatus.${request.status === 'declined' && request.decline_reason === 'overlap' ? 'superseded' : request.status}`)} />
      </div>
      <p className="text-sm text-slate-700">
        {t(request.role === 'driver' ? 'youAsked' : 'askedYou', { name: request.counterpart_name })} · {dates(request.start_date, request.end_date)} ·{' '}
        {t('weeks', { count: request.weeks })}
      </p>
      {request.role === 'owner' && (
        <p className="text-sm text-slate-700">{t('license', { number: request.tlc_license_number, expiry: request.tlc_license_expiry })}</p>
      )}
      {request.message && <p className="whitespace-pre-line break-words text-sm text-slate-800">{request.message}</p>}
      {request.status === 'open' && (
        <div className="flex flex-wrap gap-2">
          {request.role === 'owner' ? (
            <>
              <Button variant="dark" size="sm" disabled={decide.isPending} onClick={() => act('approve')}>
                {t('approve')}
              </Button>
              <Button variant="outline" size="sm" disabled={decide.isPending} onClick={() => act('decline')}>
                {t('decline')}
              </Button>
            </>
          ) : (
            <Button variant="outline" size="sm" disabled={decide.isPending} onClick={() => act('withdraw')}>
              {t('withdraw')}
            </Button>
          )}
        </div>
      )}
      {decide.isError && (
        <p role="alert" className="text-sm text-danger-text">
          {errorText(decide.error)}
        </p>
      )}
    </li>
  );
}

function RentalCard({ rental, payments }: { rental: RentalView; payments: ReactNode }) {
  const { t, i18n } = useTranslation('rentals');
  const dates = useDates();
  const money = (n: number) => formatUsd(n, i18n.language, 'auto');
  const agreement = rental.agreement;
  const mineAccepted = agreement && (rental.role === 'driver' ? agreement.driver_accepted_at : agreement.owner_accepted_at);
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4" data-testid="rental">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={`/listing/${rental.listing_id}`} className="font-bold underline-offset-2 hover:underline">
          {rental.listing_title ?? t('untitled')}
        </Link>
        <StatusBadge text={t(`status.${rental.status}`)} />
      </div>
      <p className="text-sm text-slate-700">
        {t(rental.role === 'driver' ? 'ownerIs' : 'driverIs', { name: rental.counterpart_name })} · {dates(rental.start_date, rental.end_date)} ·{' '}
        {t('weeks', { count: rental.weeks })}
      </p>
      <p className="text-sm text-slate-700">{t('money', { rent: money(rental.weekly_rent), deposit: money(rental.deposit) })}</p>
      {agreement && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <a href={agreement.pdf_url} download className="inline-flex items-center gap-1.5 font-semibold text-asphalt underline">
            <Download aria-hidden="true" className="size-4" />
            {t('agreement.download')}
          </a>
          <span className="text-slate-600">{t(agreement.driver_accepted_at ? 'agreement.driverAccepted' : 'agreement.driverPending')}</span>
          <span className="text-slate-600">{t(agreement.owner_accepted_at ? 'agreement.ownerAccepted' : 'agreement.ownerPending')}</span>
          <span className="break-all text-xs text-slate-500">SHA-256 {agreement.sha256}</span>
        </div>
      )}
      {rental.status === 'awaiting_agreement' && agreement && !mineAccepted && <AgreementForm rentalId={rental.id} />}
      {rental.status === 'awaiting_pickup' &&
        (rental.pickup_paid_at ? (
          <p className="text-sm font-semibold text-success-text">{t('pickupPaid')}</p>
        ) : rental.role === 'driver' ? (
          <Link to={`/rentals/${rental.id}/pay`} className={`${buttonClasses('primary')} self-start`}>
            {t('payPickup')}
          </Link>
        ) : (
          <p className="text-sm text-slate-700">{t('pickupWaiting')}</p>
        ))}
      {payments}
      {rental.status !== 'awaiting_agreement' && rental.status !== 'cancelled' && (
        <Link to={`/rentals/${rental.id}/handover`} className="self-start text-sm font-semibold text-info underline">
          {t('handoverLink')}
        </Link>
      )}
    </li>
  );
}

function StatusBadge({ text }: { text: string }) {
  return <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">{text}</span>;
}

/** The ESIGN consent (what they agree to, a paper copy, withdrawing) and the typed name that signs. */
function AgreementForm({ rentalId }: { rentalId: string }) {
  const { t, i18n } = useTranslation('rentals');
  const text = AGREEMENT_TEXT[i18n.language === 'ru' ? 'ru' : 'en'];
  const accept = useAcceptAgreement();
  const [consent, setConsent] = useState(false);
  const [name, setName] = useState('');
  const nameError = accept.isError ? (fieldErrorText(accept.error, 'name') ?? fieldErrorText(accept.error, 'consent')) : undefined;
  return (
    <form
      noValidate
      className="mt-2 flex flex-col gap-3 rounded-xl border border-slate-200 bg-paper p-4"
      aria-label={t('agreement.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        accept.mutate({ id: rentalId, consent: consent as true, name });
      }}
    >
      <h4 className="font-bold">{text.consentTitle}</h4>
      {(['consent1', 'consent2', 'consent3', 'consent4'] as const).map((key) => (
        <p key={key} className="text-sm text-slate-700">
          {text[key]}
        </p>
      ))}
      <label className="flex items-start gap-2 text-sm font-semibold">
        <input type="checkbox" className="mt-0.5 size-5 accent-asphalt" checked={consent} onChange={(event) => setConsent(event.target.checked)} />
        {t('agreement.consent')}
      </label>
      <TextField label={t('agreement.name')} autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} error={nameError} />
      {accept.isError && !nameError && (
        <p role="alert" className="text-sm text-danger-text">
          {errorText(accept.error)}
        </p>
      )}
      <Button type="submit" variant="dark" disabled={accept.isPending} className="self-start">
        {accept.isPending && <Spinner label={t('agreement.sending')} />}
        {t('agreement.accept')}
      </Button>
    </form>
  );
}

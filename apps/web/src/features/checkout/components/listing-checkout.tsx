import { useQuery } from '@tanstack/react-query';
import { MapPin, Pencil } from 'lucide-react';
import { LISTING_FEE } from '@medallion/contracts/payments';
import { missingListingFields } from '@medallion/contracts/listing-filters';
import type { Listing, ListingCategory } from '@medallion/contracts/listings';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, NoticeCard } from '@/components/ui/card';
import { CheckoutAlert, CheckoutLayout, PayButton } from '@/components/ui/checkout-layout';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { SuccessPanel } from '@/components/ui/success-panel';
import { ApiClientError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useCheckoutAttempt } from '@/lib/checkout-attempt';
import { useChosenCard } from '@/lib/chosen-card';
import { formatUsd, useMoney } from '@/lib/money';
import { listingQueryOptions } from '@/lib/queries/listings';
import { usePayListingFee } from '../api/pay-listing-fee';

interface Props {
  listingId: string;
  /** The saved cards as radio buttons with "Add payment method" (composed by the route). */
  renderPaymentMethods: (selectedId: string | null, onSelect: (id: string) => void) => ReactNode;
  defaultCover: (category: ListingCategory) => string;
}

function ListingSummary({ listing, defaultCover }: { listing: Listing; defaultCover: Props['defaultCover'] }) {
  const { t, i18n } = useTranslation('checkout');
  const cover = listing.thumbnail_urls[0] ?? defaultCover(listing.category);
  const price = listing.price === null ? '--' : formatUsd(listing.price, i18n.language);
  const location = listing.location ? [listing.location.city, [listing.location.state, listing.location.zip_code].filter(Boolean).join(' ')].join(', ') : null;
  return (
    <Card as="section" aria-labelledby="order-title" className="flex flex-col gap-4 p-5 sm:p-6">
      <h2 id="order-title" className="text-xl font-bold">
        {t('order')}
      </h2>
      <div className="flex gap-4">
        <img src={cover} alt="" width={400} height={300} className="aspect-[4/3] w-28 shrink-0 rounded-lg bg-slate-100 object-cover sm:w-40" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm text-slate-600">{t(`categories.${listing.category}`)}</p>
          <p className="break-words text-lg font-bold leading-snug text-asphalt" data-testid="checkout-title">
            {listing.title || t('noTitle')}
          </p>
          <p className="font-semibold text-asphalt">
            {price}
            {listing.payment_period && <span className="font-normal text-slate-600"> {t(`periods.${listing.payment_period}`)}</span>}
          </p>
          {location && (
            <p className="flex items-start gap-1.5 text-sm text-slate-600">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {location}
            </p>
          )}
        </div>
      </div>
      <Link
        to={`/create-listing?id=${listing.listing_id}&step=2`}
        className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-info underline"
      >
        <Pencil aria-hidden="true" className="size-4" />
        {t('edit')}
      </Link>
    </Card>
  );
}

function Success() {
  const { t } = useTranslation('checkout');
  return (
    <SuccessPanel title={t('success.title')} text={t('success.text')}>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary')}>
          {t('success.home')}
        </Link>
        <Link to="/dashboard" className={buttonClasses('outline')}>
          {t('success.dashboard')}
        </Link>
      </div>
    </SuccessPanel>
  );
}

/** "Review & Checkout" of a listing: its summary, the $1.08 fee and the card to pay with. */
export function ListingCheckout({ listingId, renderPaymentMethods, defaultCover }: Props) {
  const { t } = useTranslation('checkout');
  const money = useMoney();
  // The owner's draft to pay for: a failure shows at once (no retry).
  const listing = useQuery({ ...listingQueryOptions(listingId), retry: false });
  const pay = usePayListingFee();
  const attempt = useCheckoutAttempt();
  const [cardId, setCardId] = useChosenCard();
  const [missingCard, setMissingCard] = useState(false);

  if (pay.isSuccess) return <Success />;
  if (listing.isPending) return <Spinner label={t('common:loading')} className="py-10 text-slate-500" />;
  if (listing.isError) {
    if (listing.error instanceof ApiClientError && (listing.error.status === 404 || listing.error.status === 400)) {
      return <NoListing text={t('notFound')} />;
    }
    return <ErrorState message={errorText(listing.error)} retryLabel={t('retry')} onRetry={() => void listing.refetch()} />;
  }
  const data = listing.data.data;
  if (data.status !== 'DRAFT') {
    return <NoListing text={data.status === 'UNDER_REVIEW' ? t('alreadyUnderReview') : t('alreadyPublished')} />;
  }
  // A draft that misses what the fee needs goes to step 2 with those fields marked, not to a Pay that refuses.
  if (Object.keys(missingListingFields(data)).length > 0) {
    return <Navigate to={`/create-listing?id=${encodeURIComponent(listingId)}&step=2&complete=1`} replace />;
  }

  const error = pay.error;
  const notReady = error instanceof ApiClientError && error.status === 400 && error.code !== 'AMOUNT_MISMATCH' && error.code !== 'VALIDATION_ERROR';
  const shownError = error ? (error instanceof ApiClientError && error.status === 402 && !error.key ? t('declined') : errorText(error)) : null;

  const submit = () => {
    if (!cardId) {
      setMissingCard(true);
      return;
    }
    pay.mutate(
      { listingId, paymentMethodId: cardId, transactionId: attempt.transactionId() },
      { onSuccess: () => attempt.answered(), onError: (e) => attempt.answered(e) },
    );
  };

  return (
    <CheckoutLayout
      summaryTitle={t('summary.title')}
      lines={[
        { label: t('summary.subtotal'), amount: money(LISTING_FEE.subtotalCents) },
        { label: t('summary.tax'), amount: money(LISTING_FEE.taxCents) },
      ]}
      total={{ label: t('summary.total'), amount: money(LISTING_FEE.totalCents) }}
      afterLines={
        <>
          <p className="text-sm text-slate-600">{t('summary.note')}</p>
          {(missingCard || shownError) && (
            <CheckoutAlert>
              <p>{missingCard ? t('cardRequired') : shownError}</p>
              {notReady && (
                <Link to={`/create-listing?id=${listingId}&step=2`} className="mt-1 inline-block underline">
                  {t('finishDetails')}
                </Link>
              )}
            </CheckoutAlert>
          )}
          <PayButton pending={pay.isPending} label={t('pay', { amount: money(LISTING_FEE.totalCents) })} pendingLabel={t('processing')} onClick={submit} />
        </>
      }
    >
      <ListingSummary listing={data} defaultCover={defaultCover} />
      {renderPaymentMethods(cardId, (id) => {
        setCardId(id);
        setMissingCard(false);
        pay.reset();
      })}
    </CheckoutLayout>
  );
}

export function NoListing({ text }: { text: string }) {
  const { t } = useTranslation('checkout');
  return (
    <NoticeCard>
      <p>{text}</p>
      <Link to="/dashboard" className={buttonClasses('outline')}>
        {t('toDashboard')}
      </Link>
    </NoticeCard>
  );
}

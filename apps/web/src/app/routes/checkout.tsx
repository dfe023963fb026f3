import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { ListingCheckout, NoListing } from '@/features/checkout/components/listing-checkout';
import { defaultPicture } from '@/features/listings/components/default-picture';
import { PaymentMethods } from '@/features/payments/components/payment-methods';
import { listingCheckoutPath } from '@/lib/checkout-path';
import { RequireSession } from './require-session';

function CheckoutPage() {
  const { t } = useTranslation('checkout');
  const [params] = useSearchParams();
  const listingId = params.get('listingId');
  return (
    <Container className="flex flex-col gap-6 py-10">
      <title>{`${t('title')} · Medallion`}</title>
      <h1 className="text-3xl font-extrabold">{t('title')}</h1>
      {listingId ? (
        <ListingCheckout
          key={listingId}
          listingId={listingId}
          defaultCover={defaultPicture}
          renderPaymentMethods={(selectedId, onSelect) => (
            <PaymentMethods from="listing-checkout" listingId={listingId} selectedId={selectedId} onSelect={onSelect} />
          )}
        />
      ) : (
        <NoListing text={t('noListing')} />
      )}
    </Container>
  );
}

/**
 * /checkout?listingId=…: the listing is in the address, so a sign-in on the way comes back to the same
 * checkout. A listing id given only as navigation state (the spec's way) is moved into the address first.
 */
export function CheckoutRoute() {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as { listingId?: unknown } | null;
  if (typeof state?.listingId === 'string' && state.listingId !== '' && !params.get('listingId')) {
    return <Navigate to={listingCheckoutPath(state.listingId)} replace />;
  }
  return (
    <RequireSession>
      <CheckoutPage />
    </RequireSession>
  );
}

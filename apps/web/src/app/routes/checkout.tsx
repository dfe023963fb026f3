import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { ListingCheckout, NoListing } from '@/features/checkout/components/listing-checkout';
import { defaultPicture } from '@/features/listings/components/default-picture';
import { PaymentMethods } from '@/features/payments/components/payment-methods';
import { RequireSession } from './require-session';

function CheckoutPage() {
  const { t } = useTranslation('checkout');
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as { listingId?: unknown } | null;
  const listingId = typeof state?.listingId === 'string' ? state.listingId : params.get('listingId');
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

export function CheckoutRoute() {
  return (
    <RequireSession>
      <CheckoutPage />
    </RequireSession>
  );
}

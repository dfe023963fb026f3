import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { PaymentMethods } from '@/features/payments/components/payment-methods';
import { PickupPayment } from '@/features/rental-payments/components/pickup-payment';
import { RequireSession } from './require-session';

/** /rentals/:rentalId/pay: the driver pays the deposit and the first week before the pick-up. */
export function RentalPayRoute() {
  const { t } = useTranslation('rentalPayments');
  const { rentalId = '' } = useParams();
  return (
    <RequireSession>
      <Container className="flex flex-col gap-6 py-10">
        <title>{`${t('pickup.title')} · Medallion`}</title>
        <h1 className="text-3xl font-extrabold">{t('pickup.title')}</h1>
        <PickupPayment
          key={rentalId}
          rentalId={rentalId}
          renderPaymentMethods={(selectedId, onSelect) => (
            <PaymentMethods from="rental-pay" returnParams={{ rentalId }} selectedId={selectedId} onSelect={onSelect} />
          )}
        />
      </Container>
    </RequireSession>
  );
}

import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { PaymentMethods } from '@/features/payments/components/payment-methods';
import { WeekPayment } from '@/features/rental-payments/components/week-payment';
import { RequireSession } from './require-session';
import { NotFoundRoute } from './not-found';

/** /rentals/:rentalId/weeks/:week/pay (the e-mails' link; weeks from 0): the driver pays a declined or 3-D Secure week. */
export function RentalWeekPayRoute() {
  const { t } = useTranslation('rentalPayments');
  const { rentalId = '', week = '' } = useParams();
  if (!/^\d{1,3}$/.test(week)) return <NotFoundRoute />;
  const n = Number(week);
  return (
    <RequireSession>
      <Container className="flex flex-col gap-6 py-10">
        <title>{`${t('week.title', { week: n + 1 })} · Medallion`}</title>
        <h1 className="text-3xl font-extrabold">{t('week.title', { week: n + 1 })}</h1>
        <WeekPayment
          key={`${rentalId}:${week}`}
          rentalId={rentalId}
          week={n}
          renderPaymentMethods={(selectedId, onSelect) => (
            <PaymentMethods from="rental-pay" returnParams={{ rentalId, week }} selectedId={selectedId} onSelect={onSelect} />
          )}
        />
      </Container>
    </RequireSession>
  );
}

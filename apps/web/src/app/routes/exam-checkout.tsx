import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { ExamCheckout } from '@/features/exam/components/exam-checkout';
import { PaymentMethods } from '@/features/payments/components/payment-methods';
import { RequireSession } from './require-session';

function ExamCheckoutPage() {
  const { t } = useTranslation('exam');
  return (
    <Container className="flex flex-col gap-6 py-10">
      <title>{`${t('checkout.title')} · Medallion`}</title>
      <h1 className="text-3xl font-extrabold">{t('checkout.title')}</h1>
      <ExamCheckout renderPaymentMethods={(selectedId, onSelect) => <PaymentMethods from="exam-checkout" selectedId={selectedId} onSelect={onSelect} />} />
    </Container>
  );
}

export function ExamCheckoutRoute() {
  return (
    <RequireSession>
      <ExamCheckoutPage />
    </RequireSession>
  );
}

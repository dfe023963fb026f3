import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { useSession } from '@/lib/queries/auth';
import { PaymentMethods } from '@/features/payments/components/payment-methods';
import { CartCheckout } from '@/features/shop/components/cart-checkout';
import { RequireSession } from './require-session';

function CartPage() {
  const { t } = useTranslation('shop');
  const session = useSession();
  return (
    <Container className="flex flex-col gap-6 py-10">
      <title>{`${t('cart.title')} · Medallion`}</title>
      <h1 className="text-3xl font-extrabold">{t('cart.title')}</h1>
      <CartCheckout
        userId={session.data?.user?.id}
        renderPaymentMethods={(selectedId, onSelect) => <PaymentMethods from="cart" selectedId={selectedId} onSelect={onSelect} />}
      />
    </Container>
  );
}

export function CartRoute() {
  return (
    <RequireSession>
      <CartPage />
    </RequireSession>
  );
}

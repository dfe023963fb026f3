import { ORDER_STATUSES, type OrderStatus } from '@medallion/contracts/admin-shop';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OrdersConsole } from '@/features/admin-shop/components/orders-console';
import { AdminPage } from './admin-page';

const isStatus = (value: string | null): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value ?? '');

/** Staff shop orders, newest first; ?status= filters (paid are the ones to ship). */
export function AdminOrdersRoute() {
  const { t } = useTranslation('adminShop');
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : undefined;
  return (
    <AdminPage title={t('orders.title')} back={t('console')}>
      <OrdersConsole status={status} onStatus={(next) => setParams(next ? { status: next } : {}, { replace: true })} />
    </AdminPage>
  );
}

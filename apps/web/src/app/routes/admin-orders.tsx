import { ArrowLeft } from 'lucide-react';
import { ORDER_STATUSES, type OrderStatus } from '@medallion/contracts/admin-shop';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { OrdersConsole } from '@/features/admin-shop/components/orders-console';
import { RequireSession } from './require-session';

const isStatus = (value: string | null): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value ?? '');

/** Staff shop orders, newest first; ?status= filters (paid are the ones to ship). */
export function AdminOrdersRoute() {
  const { t } = useTranslation('adminShop');
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : undefined;
  return (
    <RequireSession staff>
      <Container className="flex flex-col gap-6 py-10">
        <title>{`${t('orders.title')} · Medallion`}</title>
        <Link to="/admin" className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-info underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('console')}
        </Link>
        <h1 className="text-3xl font-extrabold">{t('orders.title')}</h1>
        <OrdersConsole status={status} onStatus={(next) => setParams(next ? { status: next } : {}, { replace: true })} />
      </Container>
    </RequireSession>
  );
}

import { localizedTitle } from '@medallion/contracts/product-text';
import { orderNumber, type Order } from '@medallion/contracts/shop';
import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/card';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useOrders } from '@/lib/queries/shop';
import { useMoney } from '@/lib/money';
import { PostalAddress } from '@/components/ui/postal-address';
import { errorText } from '@/lib/error-text';

const STATUS_CLASSES: Record<Order['status'], string> = {
  pending: 'bg-slate-100 text-slate-700',
  paid: 'bg-success/10 text-success-text',
  failed: 'bg-danger/10 text-danger-text',
  shipped: 'bg-info/10 text-blue-800',
};

function OrderCard({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('shop');
  const money = useMoney();
  const date = new Date(order.created_at).toLocaleDateString(i18n.language, { year: 'numeric', month: 'long', day: 'numeric' });
  const a = order.delivery_address;
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5" data-testid="order">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-col">
          <h3 className="text-lg font-bold text-asphalt">{t('orders.order', { date })}</h3>
          <p className="text-sm text-slate-600" data-testid="order-number">
            {t('orders.number')} <span className="font-mono">{orderNumber(order.order_id)}</span>
          </p>
        </div>
        <span className={cn('rounded-full px-3 py-1 text-sm font-semibold', STATUS_CLASSES[order.status])}>{t(`orders.status.${order.status}`)}</span>
      </div>
      <ul className="flex flex-col gap-1" aria-label={t('orders.items')}>
        {order.items.map((item, index) => (
          <li key={`${item.title}-${index}`} className="flex justify-between gap-3">
            <span className="min-w-0 break-words">
              {localizedTitle(item, i18n.language)} <span className="text-slate-600">{t('orders.quantity', { count: item.quantity })}</span>
            </span>
            <span className="shrink-0">{money(item.price_cents * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="flex flex-col gap-1 border-t border-slate-200 pt-3 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">{t('orders.subtotal')}</dt>
          <dd>{money(order.subtotal_cents)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">{t('orders.tax')}</dt>
          <dd>{money(order.tax_cents)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">{t('orders.shipping')}</dt>
          <dd>{money(order.shipping_cents)}</dd>
        </div>
        <div className="flex justify-between gap-3 text-base font-bold">
          <dt>{t('orders.total')}</dt>
          <dd data-testid="order-total">{money(order.total_cents)}</dd>
        </div>
      </dl>
      <div className="text-sm">
        <p className="font-semibold text-slate-800">{t('orders.address')}</p>
        <PostalAddress value={a} className="text-slate-700" />
      </div>
    </li>
  );
}

/** The dashboard's Orders tab: the user's past shop orders, newest first as the server sends them. */
export function OrdersList() {
  const { t } = useTranslation('shop');
  const orders = useOrders();
  if (orders.isPending) return <Spinner label={t('common:loading')} className="py-6 text-slate-500" />;
  if (orders.isError) {
    return <ErrorState message={errorText(orders.error)} retryLabel={t('retry')} onRetry={() => void orders.refetch()} />;
  }
  const list = orders.data.data.data;
  if (list.length === 0) {
    return (
      <EmptyState icon={Package}>
        <p>{t('orders.empty')}</p>
        <Link to="/shop" className={buttonClasses('outline')}>
          {t('orders.toShop')}
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-4">
      {list.map((order) => (
        <OrderCard key={order.order_id} order={order} />
      ))}
    </ul>
  );
}

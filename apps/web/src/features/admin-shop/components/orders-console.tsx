import { Package } from 'lucide-react';
import { localizedTitle } from '@medallion/contracts/product-text';
import { orderNumber } from '@medallion/contracts/shop';
import { ORDER_STATUSES, type AdminOrder, type OrderStatus } from '@medallion/contracts/admin-shop';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/card';
import { SelectField } from '@/components/ui/field';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useAdminOrders } from '@/lib/queries/admin';
import { taxRateText, useMoney } from '@/lib/money';
import { ShipOrderDialog } from './ship-order-dialog';
import { PostalAddress } from '@/components/ui/postal-address';
import { errorText } from '@/lib/error-text';

const STATUS_CLASSES: Record<OrderStatus, string> = {
  pending: 'bg-slate-100 text-slate-700',
  paid: 'bg-taxi-soft text-asphalt',
  failed: 'bg-danger/10 text-danger-text',
  shipped: 'bg-success/15 text-success-text',
};

function OrderCard({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation('adminShop');
  const money = useMoney();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const a = order.delivery_address;
  const items = order.items.reduce((sum, i) => sum + i.quantity, 0);
  return (
    <li data-testid="admin-order" data-order-id={order.order_id} className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <h2 className="text-lg font-bold text-asphalt">{t('orders.order', { date: when.format(new Date(order.created_at)) })}</h2>
          <p className="break-all text-xs text-slate-600">
            {t('orders.number')} <span className="font-mono">{orderNumber(order.order_id)}</span> · {t('orders.itemCount', { count: items })}
          </p>
        </div>
        <span data-testid="order-status" className={cn('rounded-full px-3 py-1 text-sm font-semibold', STATUS_CLASSES[order.status])}>
          {t(`orders.status.${order.status}`)}
        </span>
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-3">
          <ul className="flex flex-col gap-1" aria-label={t('orders.items')}>
            {order.items.map((item, index) => (
              <li key={`${item.title}-${index}`} className="flex justify-between gap-3">
                <span className="min-w-0 break-words">
                  {localizedTitle(item, i18n.language)} <span className="text-slate-600">× {item.quantity}</span>
                </span>
                <span className="shrink-0 tabular-nums">{money(item.price_cents * item.quantity)}</span>
              </li>
            ))}
          </ul>
          <dl className="flex flex-col gap-1 border-t border-slate-200 pt-3 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600">{t('orders.subtotal')}</dt>
              <dd className="tabular-nums">{money(order.subtotal_cents)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600">{t('orders.tax', { rate: taxRateText(i18n.language) })}</dt>
              <dd className="tabular-nums">{money(order.tax_cents)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600">{t('orders.shippingCost')}</dt>
              <dd className="tabular-nums">{money(order.shipping_cents)}</dd>
            </div>
            <div className="flex justify-between gap-3 text-base font-bold">
              <dt>{t('orders.total')}</dt>
              <dd className="tabular-nums" data-testid="admin-order-total">
                {money(order.total_cents)}
              </dd>
            </div>
          </dl>
        </div>

        <div className="flex flex-col gap-3 text-sm">
          <div>
            <p className="font-semibold text-slate-800">{t('orders.customer')}</p>
            <p className="break-words">{order.customer.name}</p>
            <a href={`mailto:${order.customer.email}`} className="break-all text-info underline">
              {order.customer.email}
            </a>
          </div>
          <div>
            <p className="font-semibold text-slate-800">{t('orders.address')}</p>
            <PostalAddress value={a} className="break-words text-slate-700" />
          </div>
        </div>

        <div className="flex flex-col gap-3 text-sm lg:items-end lg:text-right">
          <dl className="flex flex-col gap-1">
            {order.paid_at && (
              <div>
                <dt className="inline text-slate-600">{t('orders.paidAt')} </dt>
                <dd className="inline">{when.format(new Date(order.paid_at))}</dd>
              </div>
            )}
            {order.shipped_at && (
              <div>
                <dt className="inline text-slate-600">{t('orders.shippedAt')} </dt>
                <dd className="inline">{when.format(new Date(order.shipped_at))}</dd>
              </div>
            )}
          </dl>
          {order.status === 'paid' && <ShipOrderDialog order={order} />}
          {order.status === 'pending' && <p className="text-slate-600">{t('orders.pendingHint')}</p>}
          {order.status === 'failed' && <p className="text-slate-600">{t('orders.failedHint')}</p>}
        </div>
      </div>
    </li>
  );
}

/** Shop orders, newest first, with a status filter; paid orders can be marked shipped. */
export function OrdersConsole({ status, onStatus }: { status: OrderStatus | undefined; onStatus: (status: OrderStatus | undefined) => void }) {
  const { t } = useTranslation('adminShop');
  const orders = useAdminOrders(status);

  let body;
  if (orders.isPending) body = <Spinner label={t('common:loading')} className="py-6 text-slate-500" />;
  else if (orders.isError) body = <ErrorState message={errorText(orders.error)} retryLabel={t('retry')} onRetry={() => void orders.refetch()} />;
  else if (orders.data.data.length === 0) {
    body = (
      <EmptyState icon={Package}>
        <p>{status ? t('orders.emptyStatus', { status: t(`orders.status.${status}`) }) : t('orders.empty')}</p>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="flex flex-col gap-4" aria-label={t('orders.listLabel')}>
        {orders.data.data.map((order) => (
          <OrderCard key={order.order_id} order={order} />
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full min-w-48 sm:w-auto">
          <SelectField
            label={t('orders.filter')}
            value={status ?? ''}
            onChange={(event) => onStatus((event.target.value || undefined) as OrderStatus | undefined)}
          >
            <option value="">{t('orders.all')}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`orders.filterStatus.${s}`)}
              </option>
            ))}
          </SelectField>
        </div>
        {orders.isSuccess && orders.data.data.length > 0 && <p className="text-sm text-slate-600">{t('orders.count', { count: orders.data.data.length })}</p>}
      </div>
      {body}
    </div>
  );
}

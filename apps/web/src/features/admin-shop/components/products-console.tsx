import { ExternalLink, Package, Pencil, Plus } from 'lucide-react';
import type { AdminProduct } from '@medallion/contracts/admin-shop';
import { productTexts } from '@medallion/contracts/product-text';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { useAdminProducts } from '@/lib/queries/admin';
import { useSetProductActive } from '../api/set-product-active';
import { useMoney } from '@/lib/money';
import { ProductEditor } from './product-editor';
import { errorText } from '@/lib/error-text';

function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('adminShop');
  return (
    <span
      data-testid="product-status"
      className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', active ? 'bg-success/15 text-success-text' : 'bg-slate-200 text-slate-700')}
    >
      {t(active ? 'list.active' : 'list.inactive')}
    </span>
  );
}

function ProductRow({ product, onEdit }: { product: AdminProduct; onEdit: () => void }) {
  const { t, i18n } = useTranslation('adminShop');
  const texts = productTexts(product, i18n.language);
  const money = useMoney();
  const toggle = useSetProductActive();
  const setActive = () =>
    toggle.mutate(
      { productId: product.product_id, active: !product.active },
      {
        onSuccess: ({ data }) => toast.success(t(data.active ? 'list.reactivated' : 'list.deactivated', { title: data.title })),
        onError: (error) => toast.error(errorText(error)),
      },
    );
  const cover = product.images[0];
  return (
    <li
      data-testid="admin-product"
      data-title={product.title}
      className={cn('flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center', !product.active && 'bg-slate-50')}
    >
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <div className="aspect-[4/3] w-24 shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:w-28">
          {cover ? (
            <img src={cover} alt="" loading="lazy" className={cn('size-full object-cover', !product.active && 'opacity-60')} />
          ) : (
            <div className="flex size-full items-center justify-center text-slate-500" title={t('list.noPictures')}>
              <Package aria-hidden="true" className="size-8" />
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 break-words font-bold text-asphalt">{texts.title}</h2>
            <StatusBadge active={product.active} />
            {/* Saved before products had Russian texts: the shop shows the English to Russian readers. */}
            {!product.title_ru && (
              <span data-testid="product-no-russian" className="rounded-full bg-taxi-soft px-2.5 py-0.5 text-xs font-semibold text-asphalt">
                {t('list.noRussian')}
              </span>
            )}
          </div>
          <p className="line-clamp-2 text-sm text-slate-600">{texts.description}</p>
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <div className="flex gap-1">
              <dt className="text-slate-600">{t('list.price')}</dt>
              <dd className="font-semibold">{money(product.price_cents)}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-slate-600">{t('list.stock')}</dt>
              <dd className={cn('font-semibold', product.stock === 0 && 'text-danger-text')}>{product.stock === 0 ? t('list.soldOut') : product.stock}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-slate-600">{t('list.pictures')}</dt>
              <dd className="font-semibold">{product.images.length}</dd>
            </div>
          </dl>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0 sm:flex-col lg:flex-row">
        {product.retailer_url && (
          <a
            href={product.retailer_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-info underline"
            aria-label={t('list.retailerLabel', { title: product.title })}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {t('list.retailer')}
          </a>
        )}
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={t('list.editLabel', { title: product.title })}>
          <Pencil aria-hidden="true" className="size-4" />
          {t('list.edit')}
        </Button>
        <Button
          size="sm"
          variant={product.active ? 'outline' : 'dark'}
          disabled={toggle.isPending}
          onClick={setActive}
          aria-label={t(product.active ? 'list.deactivateLabel' : 'list.reactivateLabel', { title: product.title })}
          className={cn(product.active && 'border-danger/50 text-danger-text hover:bg-danger/10')}
        >
          {toggle.isPending && <Spinner label={t('editor.saving')} />}
          {t(product.active ? 'list.deactivate' : 'list.reactivate')}
        </Button>
      </div>
    </li>
  );
}

/**
 * The staff product list (active and inactive, newest first) and, when `editing` is set ("new" or a
 * product id), the editor in its place.
 */
export function ProductsConsole({ editing, onEdit }: { editing: string | null; onEdit: (id: string | null) => void }) {
  const { t } = useTranslation('adminShop');
  const products = useAdminProducts();

  if (products.isPending) return <Spinner label={t('common:loading')} className="py-6 text-slate-500" />;
  if (products.isError) return <ErrorState message={errorText(products.error)} retryLabel={t('retry')} onRetry={() => void products.refetch()} />;
  const list = products.data.data;

  if (editing === 'new') return <ProductEditor onDone={() => onEdit(null)} />;
  if (editing) {
    const product = list.find((p) => p.product_id === editing);
    if (!product) {
      return (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-white p-6">
          <p>{t('editor.notFound')}</p>
          <Button variant="outline" onClick={() => onEdit(null)}>
            {t('editor.backToList')}
          </Button>
        </div>
      );
    }
    return <ProductEditor key={product.product_id} product={product} onDone={() => onEdit(null)} />;
  }

  const onSale = list.filter((p) => p.active).length;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-600">{t('list.summary', { count: list.length, active: onSale })}</p>
        <Button variant="primary" onClick={() => onEdit('new')}>
          <Plus aria-hidden="true" className="size-5" />
          {t('list.new')}
        </Button>
      </div>
      {list.length === 0 ? (
        <EmptyState icon={Package}>
          <p>{t('list.empty')}</p>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('list.label')}>
          {list.map((product) => (
            <ProductRow key={product.product_id} product={product} onEdit={() => onEdit(product.product_id)} />
          ))}
        </ul>
      )}
    </div>
  );
}

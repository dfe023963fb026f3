import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { ProductsConsole } from '@/features/admin-shop/components/products-console';
import { RequireSession } from './require-session';

/** Staff shop products: the list, and the editor at ?edit=new or ?edit={product_id}. */
export function AdminProductsRoute() {
  const { t } = useTranslation('adminShop');
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit');
  return (
    <RequireSession staff>
      <Container className="flex flex-col gap-6 py-10">
        <title>{`${t('products.title')} · Medallion`}</title>
        <Link to="/admin" className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-info underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('console')}
        </Link>
        <h1 className="text-3xl font-extrabold">{t('products.title')}</h1>
        <ProductsConsole
          editing={editing}
          onEdit={(id) => {
            setParams(id ? { edit: id } : {});
            window.scrollTo({ top: 0 });
          }}
        />
      </Container>
    </RequireSession>
  );
}

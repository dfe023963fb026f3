import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ProductsConsole } from '@/features/admin-shop/components/products-console';
import { AdminPage } from './admin-page';

/** Staff shop products: the list, and the editor at ?edit=new or ?edit={product_id}. */
export function AdminProductsRoute() {
  const { t } = useTranslation('adminShop');
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit');
  return (
    <AdminPage title={t('products.title')} back={t('console')}>
      <ProductsConsole
        editing={editing}
        onEdit={(id) => {
          setParams(id ? { edit: id } : {});
          window.scrollTo({ top: 0 });
        }}
      />
    </AdminPage>
  );
}

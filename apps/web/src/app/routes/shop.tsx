import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { useSession } from '@/lib/queries/auth';
import { ProductList } from '@/features/shop/components/product-list';

export function ShopRoute() {
  const { t } = useTranslation('shop');
  const session = useSession();
  return (
    <Container className="flex flex-col gap-6 py-10">
      <title>{`${t('title')} · Medallion`}</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-extrabold">{t('title')}</h1>
        <p className="text-slate-600">{t('lead')}</p>
      </div>
      <ProductList signedIn={Boolean(session.data?.user)} />
    </Container>
  );
}

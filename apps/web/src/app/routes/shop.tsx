import type { Language } from '@medallion/contracts/site';
import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { PageHead } from '@/components/ui/page-head';
import { ProductList } from '@/features/shop/components/product-list';
import { shopJsonLd } from '@/features/shop/lib/shop-json-ld';
import { isLanguage } from '@/lib/language';
import { useSession } from '@/lib/queries/auth';
import { useProducts } from '@/lib/queries/shop';
import { absoluteUrl, pageUrl } from '@/lib/site-url';

export function ShopRoute() {
  const { t, i18n } = useTranslation('shop');
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const session = useSession();
  const products = useProducts();
  const list = products.data?.data.data;
  return (
    <Container className="flex flex-col gap-6 py-10">
      <PageHead
        title={t('title')}
        description={t('metaDescription')}
        jsonLd={list && list.length > 0 ? shopJsonLd(list, language, pageUrl('/shop', '', language), absoluteUrl) : undefined}
      />
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-extrabold">{t('title')}</h1>
        <p className="text-slate-600">{t('lead')}</p>
      </div>
      <ProductList signedIn={Boolean(session.data?.user)} />
    </Container>
  );
}

import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { Marketplace } from '@/features/listings/components/marketplace';
import { PAGE_CURSOR_KEYS } from '@/features/listings/lib/filter-params';
import { PageHead } from '@/components/ui/page-head';

export function MarketplaceRoute() {
  const { t } = useTranslation('listings');
  return (
    <Container className="flex flex-col gap-6 py-8 md:py-10">
      <PageHead title={t('marketplace.title')} description={t('marketplace.metaDescription')} ignoreParams={PAGE_CURSOR_KEYS} />
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold sm:text-4xl">{t('marketplace.title')}</h1>
        <p className="max-w-2xl text-lg text-slate-700">{t('marketplace.intro')}</p>
      </div>
      <Marketplace />
    </Container>
  );
}

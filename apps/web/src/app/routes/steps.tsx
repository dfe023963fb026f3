import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { StepsGuide } from '@/features/guide/components/steps-guide';
import { PageHead } from '@/components/ui/page-head';

export function StepsRoute() {
  const { t } = useTranslation('steps');
  return (
    <Container className="flex flex-col gap-8 py-10 sm:py-14">
      <PageHead title={t('title')} description={t('metaDescription')} />
      <header className="flex max-w-3xl flex-col gap-3">
        <h1 className="text-3xl font-extrabold sm:text-4xl">{t('title')}</h1>
        <p className="text-lg text-slate-700">{t('intro')}</p>
      </header>
      <StepsGuide />
    </Container>
  );
}

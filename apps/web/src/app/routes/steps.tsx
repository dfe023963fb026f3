import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { StepsGuide } from '@/features/guide/components/steps-guide';

export function StepsRoute() {
  const { t } = useTranslation('steps');
  return (
    <Container className="flex flex-col gap-8 py-10 sm:py-14">
      <title>{`${t('title')} · Medallion`}</title>
      <header className="flex max-w-3xl flex-col gap-3">
        <h1 className="text-3xl font-extrabold sm:text-4xl">{t('title')}</h1>
        <p className="text-lg text-slate-700">{t('intro')}</p>
      </header>
      <StepsGuide />
    </Container>
  );
}

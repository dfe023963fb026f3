import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { TermsDocument } from '@/features/terms/components/terms-document';
import { PageHead } from '@/components/ui/page-head';

export function TermsRoute() {
  const { t } = useTranslation('terms');
  return (
    <Container width="narrow" className="py-10 sm:py-14">
      <PageHead title={t('title')} description={t('metaDescription')} />
      <TermsDocument />
    </Container>
  );
}

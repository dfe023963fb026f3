import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { TermsDocument } from '@/features/terms/components/terms-document';

export function TermsRoute() {
  const { t } = useTranslation('terms');
  return (
    <Container width="narrow" className="py-10 sm:py-14">
      <title>{`${t('title')} · Medallion`}</title>
      <TermsDocument />
    </Container>
  );
}

import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { DevMailbox } from '@/features/dev-mail/components/dev-mailbox';
import { NotFoundRoute } from './not-found';

export function DevMailRoute() {
  const { t } = useTranslation('devMail');
  return (
    <Container width="narrow" className="flex flex-col gap-6 py-10">
      <title>{`${t('title')} · Medallion`}</title>
      <DevMailbox notFound={<NotFoundRoute />} />
    </Container>
  );
}

import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { HandoverPage } from '@/features/rental-handover/components/handover-page';
import { RequireSession } from './require-session';

export function RentalHandoverRoute() {
  const { t } = useTranslation('handover');
  const { rentalId = '' } = useParams();
  return (
    <RequireSession>
      <Container className="flex flex-col gap-6 py-10">
        <title>{`${t('title')} · Medallion`}</title>
        <h1 className="text-3xl font-extrabold">{t('title')}</h1>
        <HandoverPage rentalId={rentalId} />
      </Container>
    </RequireSession>
  );
}

import { useTranslation } from 'react-i18next';
import { ListingReportsQueue } from '@/features/admin/components/listing-reports-queue';
import { AdminPage } from './admin-page';

export function AdminReportsRoute() {
  const { t } = useTranslation(['listingReports', 'admin']);
  return (
    <AdminPage title={t('queue.title')} back={t('admin:title')}>
      <ListingReportsQueue />
    </AdminPage>
  );
}

import { useTranslation } from 'react-i18next';
import { ReviewQueue } from '@/features/admin/components/review-queue';
import { AdminPage } from './admin-page';

export function AdminListingsRoute() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('review.title')} back={t('title')}>
      <ReviewQueue />
    </AdminPage>
  );
}

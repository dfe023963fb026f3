import { useTranslation } from 'react-i18next';
import { DisputedClaims } from '@/features/rental-handover/components/disputed-claims';
import { AdminPage } from './admin-page';

export function AdminRentalClaimsRoute() {
  const { t } = useTranslation(['handover', 'admin']);
  return (
    <AdminPage title={t('queueTitle')} back={t('admin:title')}>
      <DisputedClaims />
    </AdminPage>
  );
}

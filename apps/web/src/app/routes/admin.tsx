import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { AdminOverview } from '@/features/admin/components/admin-overview';
import { RequireSession } from './require-session';

export function AdminRoute() {
  const { t } = useTranslation('admin');
  return (
    <RequireSession staff>
      <Container className="flex flex-col gap-6 py-10">
        <title>{`${t('title')} · Medallion`}</title>
        <h1 className="text-3xl font-extrabold">{t('title')}</h1>
        <AdminOverview />
      </Container>
    </RequireSession>
  );
}

import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Container } from '@/components/ui/container';
import { ReviewQueue } from '@/features/admin/components/review-queue';
import { RequireSession } from './require-session';

export function AdminListingsRoute() {
  const { t } = useTranslation('admin');
  return (
    <RequireSession staff>
      <Container className="flex flex-col gap-6 py-10">
        <title>{`${t('review.title')} · Medallion`}</title>
        <Link to="/admin" className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-info underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('title')}
        </Link>
        <h1 className="text-3xl font-extrabold">{t('review.title')}</h1>
        <ReviewQueue />
      </Container>
    </RequireSession>
  );
}

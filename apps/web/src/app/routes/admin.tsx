import { useTranslation } from 'react-i18next';
import { ClipboardCheck, GraduationCap, Package, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { AdminOverview } from '@/features/admin/components/admin-overview';
import { RequireSession } from './require-session';

export function AdminRoute() {
  const { t } = useTranslation('admin');
  return (
    <RequireSession staff>
      <Container className="flex flex-col gap-6 py-10">
        <title>{`${t('title')} · Medallion`}</title>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-extrabold">{t('title')}</h1>
          <div className="flex flex-wrap gap-3">
            <Link to="/admin/products" className={buttonClasses('outline')}>
              <Package aria-hidden="true" className="size-5" />
              {t('productsLink')}
            </Link>
            <Link to="/admin/orders" className={buttonClasses('outline')}>
              <Truck aria-hidden="true" className="size-5" />
              {t('ordersLink')}
            </Link>
            <Link to="/admin/exam" className={buttonClasses('outline')}>
              <GraduationCap aria-hidden="true" className="size-5" />
              {t('examLink')}
            </Link>
            <Link to="/admin/listings" className={buttonClasses('dark')}>
              <ClipboardCheck aria-hidden="true" className="size-5" />
              {t('review.link')}
            </Link>
          </div>
        </div>
        <AdminOverview />
      </Container>
    </RequireSession>
  );
}

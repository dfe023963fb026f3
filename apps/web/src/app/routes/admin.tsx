import { useTranslation } from 'react-i18next';
import { ClipboardCheck, Flag, GraduationCap, Package, Scale, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { AdminOverview } from '@/features/admin/components/admin-overview';
import { AdminPage } from './admin-page';

/** The console's pages, in the order of its links; the review queue (the daily work) stands out. */
const LINKS = [
  { to: '/admin/products', Icon: Package, label: 'productsLink', variant: 'outline' },
  { to: '/admin/orders', Icon: Truck, label: 'ordersLink', variant: 'outline' },
  { to: '/admin/exam', Icon: GraduationCap, label: 'examLink', variant: 'outline' },
  { to: '/admin/reports', Icon: Flag, label: 'reportsLink', variant: 'outline' },
  { to: '/admin/rental-claims', Icon: Scale, label: 'rentalClaimsLink', variant: 'outline' },
  { to: '/admin/listings', Icon: ClipboardCheck, label: 'review.link', variant: 'dark' },
] as const;

export function AdminRoute() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage
      title={t('title')}
      actions={
        <div className="flex flex-wrap gap-3">
          {LINKS.map(({ to, Icon, label, variant }) => (
            <Link key={to} to={to} className={buttonClasses(variant)}>
              <Icon aria-hidden="true" className="size-5" />
              {t(label)}
            </Link>
          ))}
        </div>
      }
    >
      <AdminOverview />
    </AdminPage>
  );
}

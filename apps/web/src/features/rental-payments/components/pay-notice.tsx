import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/card';

/** Why there is nothing to pay here (paid already, not yours, not ready), with the way back to My rentals. */
export function PayNotice({ children, action }: { children: ReactNode; action?: ReactNode }) {
  const { t } = useTranslation('rentalPayments');
  return (
    <NoticeCard role="status">
      <p>{children}</p>
      <div className="flex flex-wrap gap-3">
        {action}
        <Link to="/dashboard?tab=rentals" className={buttonClasses('outline')}>
          {t('toRentals')}
        </Link>
      </div>
    </NoticeCard>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { SetupReturnTarget } from '@medallion/contracts/payments';
import { listingCheckoutPath } from '@/lib/checkout-path';
import { toast } from '@/components/ui/toast';
import { PageLoader } from '../layout/app-layout';

/** A rental's id as the pay pages put it in the return address (nothing else is followed). */
const RENTAL_ID = /^[0-9a-f-]{36}$/i;

/** Where each `from` value of /success-setup-intent leads. */
export function setupRedirect(from: string | null, listingId: string | null, params?: URLSearchParams): { to: string } {
  switch (from as SetupReturnTarget | null) {
    case 'dashboard':
      return { to: '/dashboard' };
    case 'listing-checkout':
      return listingId ? { to: listingCheckoutPath(listingId) } : { to: '/dashboard' };
    case 'cart':
      return { to: '/cart' };
    case 'exam-checkout':
      return { to: '/exam-checkout' };
    case 'rental-pay': {
      const rentalId = params?.get('rentalId') ?? '';
      const week = params?.get('week') ?? '';
      if (!RENTAL_ID.test(rentalId)) return { to: '/dashboard?tab=rentals' };
      return { to: /^\d{1,3}$/.test(week) ? `/rentals/${rentalId}/weeks/${week}/pay` : `/rentals/${rentalId}/pay` };
    }
    default:
      return { to: '/' };
  }
}

export function SuccessSetupIntentRoute() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const from = params.get('from');
  const listingId = params.get('listingId');

  useEffect(() => {
    const target = setupRedirect(from, listingId, params);
    if (from) toast.success(t('saved'));
    void navigate(target.to, { replace: true });
  }, [from, listingId, params, navigate, t]);

  return <PageLoader />;
}

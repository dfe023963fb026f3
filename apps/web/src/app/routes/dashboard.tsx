import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { AccountSettings } from '@/features/auth/components/account-settings';
import { useUser } from '@/lib/queries/users';
import { DashboardTabs } from '@/features/dashboard/components/dashboard-tabs';
import { ExamAttempts } from '@/features/exam/components/exam-attempts';
import { SavedQuestions } from '@/features/exam/components/saved-questions';
import { MyListings } from '@/features/listings/components/my-listings';
import { PaymentMethods } from '@/features/payments/components/payment-methods';
import { OrdersList } from '@/features/shop/components/orders-list';
import { UserCard } from '@/features/dashboard/components/user-card';
import { RequireSession } from './require-session';

export function DashboardRoute() {
  const { t } = useTranslation('dashboard');
  return (
    <RequireSession>
      <Container className="flex flex-col gap-6 py-10">
        <title>{`${t('title')} · Medallion`}</title>
        <h1 className="text-3xl font-extrabold">{t('title')}</h1>
        <UserCard />
        <DashboardTabs
          settings={<PaymentMethods from="dashboard" />}
          settingsExtra={<AccountSection />}
          ads={<MyListings />}
          saved={
            <div className="flex flex-col gap-8">
              <SavedQuestions />
              <ExamAttempts />
            </div>
          }
          orders={<OrdersList />}
        />
      </Container>
    </RequireSession>
  );
}

function AccountSection() {
  const user = useUser();
  if (!user.data) return null;
  return <AccountSettings email={user.data.data.email} hasPassword={user.data.data.has_password} />;
}

import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { AccountSettings } from '@/features/auth/components/account-settings';
import { useConversations } from '@/lib/queries/messages';
import { useUser } from '@/lib/queries/users';
import { DashboardTabs } from '@/features/dashboard/components/dashboard-tabs';
import { ExamAttempts } from '@/features/exam/components/exam-attempts';
import { ReadinessCard } from '@/features/exam/components/readiness-card';
import { SavedQuestions } from '@/features/exam/components/saved-questions';
import { ReviewDueCard } from '@/features/exam/components/review-due-card';
import { MyListings } from '@/features/listings/components/my-listings';
import { SavedItems } from '@/features/listings/components/saved-items';
import { MessagesInbox } from '@/features/messages/components/messages-inbox';
import { PaymentMethods } from '@/features/payments/components/payment-methods';
import { SecurityTab } from '@/features/security/components/security-tab';
import { OrdersList } from '@/features/shop/components/orders-list';
import { ProfileSettings } from '@/features/profile/components/profile-settings';
import { UserCard } from '@/features/dashboard/components/user-card';
import { LicenseCountdownCard } from '@/features/dashboard/components/license-countdown-card';
import { LazyMyRentals } from '@/features/rentals/components/lazy-my-rentals';
import { LazyOwnerPayouts, LazyRentalCharges } from '@/features/rental-payments/components/lazy-rental-money';
import { RequireSession } from './require-session';

export function DashboardRoute() {
  return (
    <RequireSession>
      <DashboardPage />
    </RequireSession>
  );
}

function DashboardPage() {
  const { t } = useTranslation('dashboard');
  // The inbox reads the same query: its unread conversations are the Messages tab's badge.
  const conversations = useConversations();
  return (
    <Container className="flex flex-col gap-6 py-10">
      <title>{`${t('title')} · Medallion`}</title>
      <h1 className="text-3xl font-extrabold">{t('title')}</h1>
      <UserCard />
      <DashboardTabs
        settings={
          <>
            <LicenseCountdownCard />
            <ProfileSection />
            <PaymentMethods from="dashboard" />
          </>
        }
        settingsExtra={<AccountSection />}
        security={<SecurityTab />}
        ads={<MyListings />}
        rentals={<LazyMyRentals renderMoney={(rental) => <LazyRentalCharges rentalId={rental.id} role={rental.role} />} ownerSummary={<LazyOwnerPayouts />} />}
        favorites={<SavedItems />}
        saved={
          <div className="flex flex-col gap-8">
            <ReviewDueCard />
            <SavedQuestions />
            <ReadinessCard />
            <ExamAttempts />
          </div>
        }
        orders={<OrdersList />}
        messages={<MessagesInbox />}
        unread={{ messages: conversations.data?.unread ?? 0 }}
      />
    </Container>
  );
}

function AccountSection() {
  const user = useUser();
  if (!user.data) return null;
  return <AccountSettings email={user.data.data.email} hasPassword={user.data.data.has_password} />;
}

/** Name, phone and e-mail; drawn afresh once the e-mail has changed. */
function ProfileSection() {
  const user = useUser();
  if (!user.data) return null;
  return <ProfileSettings key={user.data.data.email} user={user.data.data} />;
}

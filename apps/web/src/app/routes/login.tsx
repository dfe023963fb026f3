import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '@medallion/contracts/safe-redirect';
import { Container } from '@/components/ui/container';
import type { SessionResponse } from '@medallion/contracts/auth';
import { authKeys, useSession } from '@/lib/queries/auth';
import { TWO_FACTOR_SETUP_PATH } from '@/lib/two-factor-setup';
import { userKeys } from '@/lib/queries/users';
import { LoginPanel } from '@/features/auth/components/login-panel';
import { PageLoader } from '../layout/app-layout';
import { PageHead } from '@/components/ui/page-head';

export function LoginRoute() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const redirect = safeRedirect(params.get('redirect'));

  if (session.isPending) return <PageLoader />;
  // A staff account that must use two-step sign-in goes to its setup first (it cannot use staff pages before).
  const target = (user: { twoFactorSetupRequired: boolean } | null | undefined) => (user?.twoFactorSetupRequired ? TWO_FACTOR_SETUP_PATH : redirect);
  if (session.data?.user) return <Navigate to={target(session.data.user)} replace />;
  return (
    <Container className="py-10 sm:py-16">
      <PageHead title={t('signIn.title')} description={t('signIn.metaDescription')} />
      <LoginPanel
        onSignedIn={() => {
          void queryClient.invalidateQueries({ queryKey: userKeys.all });
          void navigate(target(queryClient.getQueryData<SessionResponse>(authKeys.session())?.user), { replace: true });
        }}
      />
    </Container>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { useSession } from '@/lib/queries/auth';
import { userKeys } from '@/lib/queries/users';
import { LoginPanel } from '@/features/auth/components/login-panel';
import { safeRedirect } from '@/features/auth/components/use-auth-error';
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
  if (session.data?.user) return <Navigate to={redirect} replace />;
  return (
    <Container className="py-10 sm:py-16">
      <PageHead title={t('signIn.title')} description={t('signIn.metaDescription')} />
      <LoginPanel
        onSignedIn={() => {
          void queryClient.invalidateQueries({ queryKey: userKeys.all });
          void navigate(redirect, { replace: true });
        }}
      />
    </Container>
  );
}

import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '@/lib/queries/auth';
import { useSignInPath } from '@/lib/sign-in-path';
import { TWO_FACTOR_SETUP_PATH } from '@/lib/two-factor-setup';
import { PageLoader } from '../layout/app-layout';
import { ForbiddenRoute } from './forbidden';

/** Signed-out visitors go to /login and come back here after signing in; staff-only pages say 403 to others. */
export function RequireSession({ children, staff = false }: { children: ReactNode; staff?: boolean }) {
  const session = useSession();
  const signIn = useSignInPath();
  if (session.isPending) return <PageLoader />;
  if (!session.data?.user) {
    return <Navigate to={signIn} replace />;
  }
  if (staff && session.data.user.role !== 'staff') return <ForbiddenRoute />;
  // Staff without two-step sign-in: every staff page leads to its setup (the Security tab says why).
  if (staff && session.data.user.twoFactorSetupRequired) return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
  return <>{children}</>;
}

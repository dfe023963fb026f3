import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '@/lib/queries/auth';
import { PageLoader } from '../layout/app-layout';
import { ForbiddenRoute } from './forbidden';

/** Signed-out visitors go to /login and come back here after signing in; staff-only pages say 403 to others. */
export function RequireSession({ children, staff = false }: { children: ReactNode; staff?: boolean }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageLoader />;
  if (!session.data?.user) {
    return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  if (staff && session.data.user.role !== 'staff') return <ForbiddenRoute />;
  return <>{children}</>;
}

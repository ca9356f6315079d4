import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '@second-gear/contract/constants';
import { useAuth } from '../features/auth/auth-context.ts';
import { useRole } from '../features/auth/use-role.ts';
import { useTwoFactorStatus } from '../features/two-factor/index.ts';
import { PageSpinner } from '../ui/spinner.tsx';

/** Signed-in routes: a spinner while the session is loading, /login (remembering where from) when signed out. */
export function RequireAuth() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner label="Checking your session" />;
  if (!user) return <Navigate to="/login" state={{ from: location }} replace />;
  return <Outlet />;
}

/**
 * Role routes: inside RequireAuth, additionally checks the role lookups. An admin who must turn on
 * two-factor sign-in first is taken to its setup (the server refuses their admin calls until then).
 */
export function RequireRole({ role }: { role: Role }) {
  const roles = useRole();
  const twoFactor = useTwoFactorStatus();
  const asksTwoFactor = role === 'admin';
  if (roles.isLoading || (asksTwoFactor && twoFactor.isPending)) return <PageSpinner label="Checking your access" />;
  if (roles.error) throw roles.error;
  if (asksTwoFactor && twoFactor.error) throw twoFactor.error;
  if (asksTwoFactor && twoFactor.data?.required) return <Navigate to="/dashboard/two-factor-setup" replace />;
  const allowed = role === 'admin' ? roles.isAdmin : role === 'seller' ? roles.isSeller : roles.isBuyer;
  if (!allowed) {
    return (
      <div role="alert" className="alert alert-warning mx-auto mt-10 max-w-xl">
        <h1>You do not have access to this page</h1>
      </div>
    );
  }
  return <Outlet />;
}

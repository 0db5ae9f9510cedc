import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { hasRole, type Role } from '../../common/users/roles';
import { useAppSelector } from '../store/hooks';
import { selectSession } from '../store/sessionSlice';
import { retryAuth } from '../features/auth/session';
import { AuthErrorScreen, CheckingPermissions, LoginRequiredScreen } from '../components/StatusScreens';
import { paths } from '../config/paths';

/**
 * Waits for the session and its role: 'Verifica permessi...' while loading, 'Errore di
 * Autenticazione' with a retry on failure, then renders by state.
 */
function useAccess() {
  const session = useAppSelector(selectSession);
  if (session.roleStatus === 'error') return { state: 'error' as const, role: null };
  if (session.status === 'loading' || session.roleStatus === 'loading') return { state: 'loading' as const, role: null };
  if (session.status === 'signedOut' || !session.user) return { state: 'signedOut' as const, role: null };
  return { state: 'signedIn' as const, role: session.user.role };
}

/** A route for `min` or higher: unauthenticated to /login, signed in without the role to /. */
export function RequireRole({ min, children }: { min: Role; children: ReactNode }) {
  const access = useAccess();
  const location = useLocation();
  if (access.state === 'error') return <AuthErrorScreen onRetry={() => void retryAuth()} />;
  if (access.state === 'loading') return <CheckingPermissions />;
  if (access.state === 'signedOut') return <Navigate to={paths.login.getHref()} replace state={{ from: location.pathname }} />;
  if (!hasRole(access.role, min)) return <Navigate to={paths.home.getHref()} replace />;
  return <>{children}</>;
}

/** A route for any signed-in user that explains itself when signed out ('Accesso richiesto'). */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const access = useAccess();
  const navigate = useNavigate();
  const location = useLocation();
  if (access.state === 'error') return <AuthErrorScreen onRetry={() => void retryAuth()} />;
  if (access.state === 'loading') return <CheckingPermissions />;
  if (access.state === 'signedOut') {
    return <LoginRequiredScreen onLogin={() => navigate(paths.login.getHref(), { state: { from: location.pathname } })} />;
  }
  return <>{children}</>;
}

/** /login: signed-in users go to /. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const access = useAccess();
  if (access.state === 'signedIn') return <Navigate to={paths.home.getHref()} replace />;
  if (access.state === 'loading') return <CheckingPermissions />;
  return <>{children}</>;
}

/** /: the public dashboard for visitors, the full one when signed in. */
export function HomeSwitch({ signedIn, signedOut }: { signedIn: ReactNode; signedOut: ReactNode }) {
  const access = useAccess();
  if (access.state === 'error') return <AuthErrorScreen onRetry={() => void retryAuth()} />;
  if (access.state === 'loading') return <CheckingPermissions />;
  return <>{access.state === 'signedIn' ? signedIn : signedOut}</>;
}

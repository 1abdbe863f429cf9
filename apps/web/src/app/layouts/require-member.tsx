import { Navigate, Outlet, useLocation } from 'react-router';
import { useIsSignedIn } from '../../lib/session';

/** Member-only pages send visitors to sign in. */
export function RequireMember() {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  if (!signedIn)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** Account pages (sign in, sign up) make no sense for a member: go browse. */
export function RedirectMember() {
  const signedIn = useIsSignedIn();
  if (signedIn) return <Navigate to="/browse" replace />;
  return <Outlet />;
}

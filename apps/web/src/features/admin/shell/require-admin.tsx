import { Navigate, Outlet, useLocation } from 'react-router';
import { useIsSignedIn, useUser } from '../../../lib/session';
import { paths } from '../../../lib/paths';

/** The console is for admins: visitors sign in first, members go back to the site. */
export function RequireAdmin() {
  const signedIn = useIsSignedIn();
  const user = useUser();
  const location = useLocation();
  if (!signedIn)
    return <Navigate to={paths.login()} replace state={{ from: location.pathname + location.search }} />;
  if (!user?.is_admin) return <Navigate to={paths.browse()} replace />;
  return <Outlet />;
}

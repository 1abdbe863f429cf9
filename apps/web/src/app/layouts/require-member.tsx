import { lazy, Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useIsKids, useIsSignedIn } from '../../lib/session';
import { paths } from '../../lib/paths';

/**
 * Member-only pages send visitors to sign in. A session that ends while such a page is shown
 * (logout, here or in another tab) goes to the landing page instead, as the spec wants for a
 * logout: the router renders its own navigation in a transition, so this page can still be on
 * screen when the session is cleared.
 */
export function RequireMember() {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  const [signedInOnArrival] = useState(signedIn);
  if (!signedIn) {
    if (signedInOnArrival) return <Navigate to={paths.landing()} replace />;
    return <Navigate to={paths.login()} replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}

/** Account pages (sign in, sign up) make no sense for a member: go browse. */
export function RedirectMember() {
  const signedIn = useIsSignedIn();
  if (signedIn) return <Navigate to={paths.browse()} replace />;
  return <Outlet />;
}

const AskAGrownUp = lazy(() =>
  import('../../features/household/pages/ask-a-grown-up-page').then((m) => ({ default: m.AskAGrownUpPage })),
);

/**
 * Account pages (billing, plans, the account, submissions, managing profiles): a kids profile is
 * asked to fetch a grown-up rather than shown the server's 403 (decision 0039).
 */
export function RequireAccount() {
  if (!useIsKids()) return <Outlet />;
  return (
    <Suspense fallback={null}>
      <AskAGrownUp />
    </Suspense>
  );
}

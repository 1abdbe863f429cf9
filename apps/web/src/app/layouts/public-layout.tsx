import './public-layout.scss';
import { Link, Outlet, useLocation } from 'react-router';
import { Brand } from '../../components/brand';
import { SiteFooter } from '../../components/site-footer';
import { useIsSignedIn } from '../../lib/session';
import { paths } from '../../lib/paths';

/** Landing and account pages: brand, one call to action, the page, the footer. */
export function PublicLayout() {
  const { pathname } = useLocation();
  const signedIn = useIsSignedIn();
  const onLanding = pathname === paths.landing();
  return (
    <div className={`public-layout${onLanding ? ' public-layout--landing' : ''}`}>
      <header className="public-header">
        <div className="container-xxl public-header__inner">
          <Brand to={paths.landing()} />
          {signedIn ? (
            <Link to={paths.browse()} className="btn btn-primary">
              Browse
            </Link>
          ) : (
            pathname !== paths.login() && (
              <Link to={paths.login()} className="btn btn-primary">
                Sign In
              </Link>
            )
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

import './site-header.scss';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Brand } from '../../components/brand';
import { MenuIcon } from '../../components/icons';
import { useIsSignedIn } from '../../lib/session';
import { ProfileMenu } from '../../features/auth/components/profile-menu';
import { SearchBox } from '../../features/search/components/search-box';
import { paths } from '../../lib/paths';

const ProfileSwitcher = lazy(() =>
  import('../../features/household/components/profile-switcher').then((m) => ({
    default: m.ProfileSwitcher,
  })),
);

const householdItems = (close: (returnFocus: boolean) => void) => (
  <Suspense fallback={null}>
    <ProfileSwitcher close={close} />
  </Suspense>
);

const NAV_LINKS = [
  { to: paths.browse(), label: 'Home' },
  { to: paths.movies(), label: 'Movies' },
  { to: paths.tvShows(), label: 'TV Show' },
] as const;

export function SiteHeader() {
  const signedIn = useIsSignedIn();
  const { pathname } = useLocation();
  // The small-screen menu belongs to the page it was opened on; navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    // Not read on mount: reading scrollY there makes the browser compute the new page's styles
    // and layout inside the render task. A page opens at the top, and one restored further down
    // gets a scroll event.
    const onScroll = () => setScrolled(window.scrollY > 24);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <header className={`site-header${scrolled ? ' is-scrolled' : ''}${menuOpen ? ' has-open-menu' : ''}`}>
      <nav className="navbar navbar-expand-lg" aria-label="Main">
        <div className="container-xxl site-header__inner">
          <button
            type="button"
            className="navbar-toggler icon-button"
            aria-controls="main-navigation"
            aria-expanded={menuOpen}
            aria-label="Menu"
            onClick={() => setOpenOn(menuOpen ? null : pathname)}
          >
            <MenuIcon />
          </button>
          <Brand to={paths.browse()} />
          <div id="main-navigation" className={`collapse navbar-collapse${menuOpen ? ' show' : ''}`}>
            <ul className="navbar-nav">
              {NAV_LINKS.map((link) => (
                <li key={link.to} className="nav-item">
                  <NavLink to={link.to} className="nav-link" end={link.to !== paths.movies()}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li className="nav-item d-none d-lg-block">
                <NavLink to={paths.watchList()} className="nav-link">
                  My Watchlist
                </NavLink>
              </li>
            </ul>
          </div>
          <div className="site-header__actions">
            {signedIn ? (
              <>
                {pathname !== paths.search() && <SearchBox collapsible />}
                <ProfileMenu householdItems={householdItems} />
              </>
            ) : (
              <Link to={paths.login()} className="btn btn-primary btn-sm site-header__login">
                Login
              </Link>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}

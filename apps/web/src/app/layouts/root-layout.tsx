import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { titleForPath } from '../page-title';

/** Wraps every page: skip link, page title by path, scroll restoration and a navigation bar. */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();

  useEffect(() => {
    document.title = titleForPath(pathname);
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {navigation.state !== 'idle' && <div className="route-progress" aria-hidden="true" />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first page's code loads. */
export function AppLoading() {
  return (
    <div className="app-loading" role="status">
      <span className="app-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}

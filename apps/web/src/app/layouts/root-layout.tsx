import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { firstViewAttributes, firstViewHtml } from '../../lib/first-view';
import { titleForPath } from '../page-title';

/** Wraps every page: skip link, page title by path, focus and scroll restoration, a progress bar. */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const firstPage = useRef(true);

  useEffect(() => {
    document.title = titleForPath(pathname);
    // After a client-side page change, start screen readers and keyboards at the new content.
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
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

/**
 * Shown while the first page's code loads: the page's first view as the server sent it (drawn
 * again as it was, so nothing moves), or a spinner for a page without one.
 */
export function AppLoading() {
  const html = firstViewHtml();
  if (html) return <div {...firstViewAttributes} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <div className="app-loading" role="status">
      <span className="app-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}

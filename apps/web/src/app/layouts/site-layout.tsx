import './site-layout.scss';
import { Outlet } from 'react-router';
import { SiteFooter } from '../../components/site-footer';
import { useIsKids } from '../../lib/session';
import { useWatchPreload } from '../use-watch-preload';
import { SiteHeader } from './site-header';

/**
 * The signed-in layout (visitors may browse it too): navigation bar, page, footer. A kids profile
 * gets a brighter palette and larger cards and type (`site-layout--kids`).
 */
export function SiteLayout() {
  useWatchPreload();
  const kids = useIsKids();
  return (
    <div className={kids ? 'site-layout site-layout--kids' : 'site-layout'}>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

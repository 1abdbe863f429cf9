import './site-layout.scss';
import { Outlet } from 'react-router';
import { SiteFooter } from '../../components/site-footer';
import { useWatchPreload } from '../use-watch-preload';
import { SiteHeader } from './site-header';

/** The signed-in layout (visitors may browse it too): navigation bar, page, footer. */
export function SiteLayout() {
  useWatchPreload();
  return (
    <div className="site-layout">
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

import type { RouteObject } from 'react-router';
import { patterns } from '../../../lib/paths';
import { adminSections } from './admin-sections';

/**
 * The console in the member site's router: its guard, its frame and every section's pages, each
 * loaded the first time it is opened.
 */
export const adminRoutes: RouteObject = {
  path: patterns.admin.overview,
  lazy: () => import('./require-admin').then((m) => ({ Component: m.RequireAdmin })),
  children: [
    {
      lazy: () => import('./admin-layout').then((m) => ({ Component: m.AdminLayout })),
      children: [
        ...adminSections.flatMap((section) => section.routes),
        {
          path: '*',
          lazy: () => import('./unknown-section').then((m) => ({ Component: m.UnknownSection })),
        },
      ],
    },
  ],
};

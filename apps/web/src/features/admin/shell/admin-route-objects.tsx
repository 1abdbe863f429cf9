import type { RouteObject } from 'react-router';

/**
 * The console's one route in the member site's router: everything under /admin (the guard, the
 * frame, every section) loads when an admin opens it.
 */
export const adminRoutes: RouteObject = {
  path: 'admin/*',
  lazy: () => import('./admin-app').then((m) => ({ Component: m.AdminApp })),
};

import type { RouteObject } from 'react-router';
import { patterns } from '../../../lib/paths';
import { AdminLayout } from './admin-layout';
import { adminSections } from './admin-sections';
import { RequireAdmin } from './require-admin';
import { UnknownSection } from './unknown-section';

/** The console: its guard, its frame, and the pages of every section, each loaded when opened. */
export const consoleRoute: RouteObject = {
  path: patterns.admin.overview,
  Component: RequireAdmin,
  children: [
    {
      Component: AdminLayout,
      children: [
        ...adminSections.flatMap((section) => section.routes),
        { path: '*', Component: UnknownSection },
      ],
    },
  ],
};

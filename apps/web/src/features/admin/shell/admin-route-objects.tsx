import type { RouteObject } from 'react-router';

/**
 * The console's routes. Only these few lines ship with the member site: the guard, the layout
 * and every section are loaded when an admin opens /admin.
 */
export const adminRoutes: RouteObject = {
  path: 'admin',
  lazy: () => import('./require-admin').then((m) => ({ Component: m.RequireAdmin })),
  children: [
    {
      lazy: () => import('./admin-layout').then((m) => ({ Component: m.AdminLayout })),
      children: [
        {
          index: true,
          lazy: () => import('../overview/pages/overview-page').then((m) => ({ Component: m.OverviewPage })),
        },
        {
          path: 'titles',
          lazy: () => import('../titles/pages/titles-page').then((m) => ({ Component: m.TitlesPage })),
        },
        {
          path: 'titles/new',
          lazy: () =>
            import('../titles/pages/title-editor-page').then((m) => ({ Component: m.NewTitlePage })),
        },
        {
          path: 'titles/:id',
          lazy: () =>
            import('../titles/pages/title-editor-page').then((m) => ({ Component: m.TitleEditorPage })),
        },
        {
          path: 'media',
          lazy: () => import('../media/pages/media-page').then((m) => ({ Component: m.MediaPage })),
        },
        {
          path: 'genres',
          lazy: () => import('../library/pages/genres-page').then((m) => ({ Component: m.GenresPage })),
        },
        {
          path: 'people',
          lazy: () => import('../library/pages/people-page').then((m) => ({ Component: m.PeoplePage })),
        },
        {
          path: 'banners',
          lazy: () => import('../library/pages/banners-page').then((m) => ({ Component: m.BannersPage })),
        },
        {
          path: 'submissions',
          lazy: () =>
            import('../commerce/pages/submissions-page').then((m) => ({
              Component: m.SubmissionsReviewPage,
            })),
        },
        {
          path: 'plans',
          lazy: () => import('../commerce/pages/plans-page').then((m) => ({ Component: m.PlansAdminPage })),
        },
        {
          path: 'members',
          lazy: () => import('../members/pages/members-page').then((m) => ({ Component: m.MembersPage })),
        },
        {
          path: 'members/:id',
          lazy: () => import('../members/pages/member-page').then((m) => ({ Component: m.MemberPage })),
        },
        {
          path: 'mail',
          lazy: () => import('../members/pages/mail-page').then((m) => ({ Component: m.MailPage })),
        },
        {
          path: 'jobs',
          lazy: () => import('../members/pages/jobs-page').then((m) => ({ Component: m.JobsPage })),
        },
        {
          path: 'audit',
          lazy: () => import('../audit/pages/audit-page').then((m) => ({ Component: m.AuditPage })),
        },
        {
          path: 'settings',
          lazy: () => import('../settings/pages/settings-page').then((m) => ({ Component: m.SettingsPage })),
        },
      ],
    },
  ],
};

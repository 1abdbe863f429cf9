import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { patterns } from '../../../lib/paths';

/**
 * A route whose page component loads the first time it is opened; the console's own address is
 * the index of the console's route.
 */
function page<Name extends string>(
  path: string,
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): RouteObject {
  const lazy = async () => ({ Component: (await load())[name] });
  return path === patterns.admin.overview ? { index: true, lazy } : { path, lazy };
}

interface AdminSection {
  /** The section's address, which its navigation link opens. */
  path: string;
  label: string;
  /** The section's pages: its list first, then the pages below it. */
  routes: RouteObject[];
}

/** The console's sections, in the order of its navigation; the router declares their pages. */
export const adminSections: readonly AdminSection[] = [
  {
    path: patterns.admin.overview,
    label: 'Overview',
    routes: [page(patterns.admin.overview, () => import('../overview/pages/overview-page'), 'OverviewPage')],
  },
  {
    path: patterns.admin.titles,
    label: 'Titles',
    routes: [
      page(patterns.admin.titles, () => import('../titles/pages/titles-page'), 'TitlesPage'),
      page(patterns.admin.newTitle, () => import('../titles/pages/title-editor-page'), 'NewTitlePage'),
      page(patterns.admin.title, () => import('../titles/pages/title-editor-page'), 'TitleEditorPage'),
    ],
  },
  {
    path: patterns.admin.media,
    label: 'Media',
    routes: [page(patterns.admin.media, () => import('../media/pages/media-page'), 'MediaPage')],
  },
  {
    path: patterns.admin.playback,
    label: 'Playback',
    routes: [
      page(patterns.admin.playback, () => import('../playback-quality/pages/playback-page'), 'PlaybackPage'),
    ],
  },
  {
    path: patterns.admin.genres,
    label: 'Genres',
    routes: [page(patterns.admin.genres, () => import('../library/pages/genres-page'), 'GenresPage')],
  },
  {
    path: patterns.admin.people,
    label: 'People',
    routes: [page(patterns.admin.people, () => import('../library/pages/people-page'), 'PeoplePage')],
  },
  {
    path: patterns.admin.banners,
    label: 'Banners',
    routes: [page(patterns.admin.banners, () => import('../library/pages/banners-page'), 'BannersPage')],
  },
  {
    path: patterns.admin.submissions,
    label: 'Submissions',
    routes: [
      page(
        patterns.admin.submissions,
        () => import('../submissions/pages/submissions-page'),
        'SubmissionsReviewPage',
      ),
    ],
  },
  {
    path: patterns.admin.plans,
    label: 'Plans and taxes',
    routes: [page(patterns.admin.plans, () => import('../commerce/pages/plans-page'), 'PlansAdminPage')],
  },
  {
    path: patterns.admin.members,
    label: 'Members',
    routes: [
      page(patterns.admin.members, () => import('../members/pages/members-page'), 'MembersPage'),
      page(patterns.admin.member, () => import('../members/pages/member-page'), 'MemberPage'),
    ],
  },
  {
    path: patterns.admin.mail,
    label: 'Mail',
    routes: [page(patterns.admin.mail, () => import('../mail/pages/mail-page'), 'MailPage')],
  },
  {
    path: patterns.admin.jobs,
    label: 'Jobs',
    routes: [page(patterns.admin.jobs, () => import('../jobs/pages/jobs-page'), 'JobsPage')],
  },
  {
    path: patterns.admin.audit,
    label: 'Audit log',
    routes: [page(patterns.admin.audit, () => import('../audit/pages/audit-page'), 'AuditPage')],
  },
  {
    path: patterns.admin.settings,
    label: 'Settings',
    routes: [page(patterns.admin.settings, () => import('../settings/pages/settings-page'), 'SettingsPage')],
  },
];

/** The section a console address belongs to; the overview is only the console's own address. */
export function sectionOf(pathname: string): AdminSection | undefined {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return adminSections.find(
    (section) =>
      path === section.path ||
      (section.path !== patterns.admin.overview && path.startsWith(`${section.path}/`)),
  );
}

import { lazy, Suspense, type ComponentType } from 'react';
import { Link, Route, Routes } from 'react-router';
import { AdminLayout } from './admin-layout';
import { EmptyState } from './components/empty-state';
import { RequireAdmin } from './require-admin';
import { paths } from '../../../lib/paths';

/** A section page loaded the first time it is opened. */
function section<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ComponentType {
  return lazy(async () => {
    const page: ComponentType = (await load())[name];
    return { default: page };
  });
}

const OverviewPage = section(() => import('../overview/pages/overview-page'), 'OverviewPage');
const TitlesPage = section(() => import('../titles/pages/titles-page'), 'TitlesPage');
const NewTitlePage = section(() => import('../titles/pages/title-editor-page'), 'NewTitlePage');
const TitleEditorPage = section(() => import('../titles/pages/title-editor-page'), 'TitleEditorPage');
const MediaPage = section(() => import('../media/pages/media-page'), 'MediaPage');
const GenresPage = section(() => import('../library/pages/genres-page'), 'GenresPage');
const PeoplePage = section(() => import('../library/pages/people-page'), 'PeoplePage');
const BannersPage = section(() => import('../library/pages/banners-page'), 'BannersPage');
const SubmissionsReviewPage = section(
  () => import('../commerce/pages/submissions-page'),
  'SubmissionsReviewPage',
);
const PlansAdminPage = section(() => import('../commerce/pages/plans-page'), 'PlansAdminPage');
const MembersPage = section(() => import('../members/pages/members-page'), 'MembersPage');
const MemberPage = section(() => import('../members/pages/member-page'), 'MemberPage');
const MailPage = section(() => import('../members/pages/mail-page'), 'MailPage');
const JobsPage = section(() => import('../members/pages/jobs-page'), 'JobsPage');
const AuditPage = section(() => import('../audit/pages/audit-page'), 'AuditPage');
const SettingsPage = section(() => import('../settings/pages/settings-page'), 'SettingsPage');

const SECTION_ROUTES: ReadonlyArray<{ path: string; Page: ComponentType }> = [
  { path: '', Page: OverviewPage },
  { path: 'titles', Page: TitlesPage },
  { path: 'titles/new', Page: NewTitlePage },
  { path: 'titles/:id', Page: TitleEditorPage },
  { path: 'media', Page: MediaPage },
  { path: 'genres', Page: GenresPage },
  { path: 'people', Page: PeoplePage },
  { path: 'banners', Page: BannersPage },
  { path: 'submissions', Page: SubmissionsReviewPage },
  { path: 'plans', Page: PlansAdminPage },
  { path: 'members', Page: MembersPage },
  { path: 'members/:id', Page: MemberPage },
  { path: 'mail', Page: MailPage },
  { path: 'jobs', Page: JobsPage },
  { path: 'audit', Page: AuditPage },
  { path: 'settings', Page: SettingsPage },
];

function SectionLoading() {
  return (
    <div className="admin-loading" role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" /> Loading…
    </div>
  );
}

function UnknownSection() {
  return (
    <EmptyState
      title="There is no such page in the console."
      action={<Link to={paths.admin.overview()}>Go to the overview</Link>}
    />
  );
}

/**
 * The whole console, one chunk loaded when an admin opens /admin: the guard, the frame and the
 * route of each section, whose pages load as they are opened.
 */
export function AdminApp() {
  return (
    <Routes>
      <Route element={<RequireAdmin />}>
        <Route element={<AdminLayout />}>
          {SECTION_ROUTES.map(({ path, Page }) => {
            const element = (
              <Suspense fallback={<SectionLoading />}>
                <Page />
              </Suspense>
            );
            return path === '' ? (
              <Route key="index" index element={element} />
            ) : (
              <Route key={path} path={path} element={element} />
            );
          })}
          <Route path="*" element={<UnknownSection />} />
        </Route>
      </Route>
    </Routes>
  );
}

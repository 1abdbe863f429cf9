import {
  AdminAuditEndpoints,
  AdminCommerceEndpoints,
  AdminJobsEndpoints,
  AdminMailEndpoints,
  AdminMembersEndpoints,
  AdminOverviewEndpoints,
  AdminSettingsEndpoints,
  AdminSubmissionsEndpoints,
  type AdminResponse,
  type AdminRoute,
  type EndpointData,
  type EndpointDefinition,
  type EndpointGroup,
} from '@reeltime/contract';
import { mockApi, type Handlers, type MockRequest, type Reply } from './fetch-mock';
import { signIn } from './render';

/** A group's endpoints keyed as `"<METHOD> <path>"`, each with what its success envelope carries. */
type RoutesOf<G extends EndpointGroup> = {
  [
    Name in keyof G as G[Name] extends EndpointDefinition ? `${G[Name]['method']} ${G[Name]['path']}` : never
  ]: G[Name] extends EndpointDefinition ? EndpointData<G[Name]> : never;
};

/** The console's endpoint groups, as the routes a test mocks. */
type DefinedRoutes = RoutesOf<typeof AdminOverviewEndpoints> &
  RoutesOf<typeof AdminSettingsEndpoints> &
  RoutesOf<typeof AdminAuditEndpoints> &
  RoutesOf<typeof AdminCommerceEndpoints> &
  RoutesOf<typeof AdminMembersEndpoints> &
  RoutesOf<typeof AdminMailEndpoints> &
  RoutesOf<typeof AdminJobsEndpoints> &
  RoutesOf<typeof AdminSubmissionsEndpoints>;

/** Every console route a test can mock, with what it answers in `data`. */
type ConsoleRoutes = { [R in AdminRoute]: AdminResponse<R> } & DefinedRoutes;
export type ConsoleRoute = keyof ConsoleRoutes & string;

type AdminHandler<R extends ConsoleRoute> =
  | Reply<ConsoleRoutes[R]>
  | ((request: MockRequest) => Reply<ConsoleRoutes[R]> | Promise<Reply<ConsoleRoutes[R]>>);

/** Mocked console operations, keyed by method and contract path (`PATCH /admin/genres/:id`). */
export type AdminHandlers = { [R in ConsoleRoute]?: AdminHandler<R> };

/**
 * `mockApi` for console pages: admin operations typed by their endpoint definitions (or the admin
 * endpoint map), member ones by the member map, with the same request log and unmatched-call check.
 */
export function mockAdminApi(admin: AdminHandlers = {}, member: Handlers = {}) {
  const api = mockApi({ ...member, ...(admin as Handlers) });
  return {
    ...api,
    /** Requests to one admin operation, e.g. `adminCalls('DELETE /admin/genres/:id')`. */
    adminCalls: (route: ConsoleRoute) => api.calls(route as Parameters<typeof api.calls>[0]),
    setAdmin: <R extends ConsoleRoute>(route: R, handler: AdminHandler<R>) =>
      api.set(route as Parameters<typeof api.set>[0], handler as Parameters<typeof api.set>[1]),
  };
}

/** Signs in the account the console tests act as: an admin. */
export function signInAdmin(): void {
  signIn('admin-token', {
    id: 1,
    first_name: 'Ada',
    last_name: 'Admin',
    email: 'admin@example.com',
    mobile: null,
    gender: null,
    date_of_birth: null,
    profile_image: null,
    is_admin: true,
  });
}

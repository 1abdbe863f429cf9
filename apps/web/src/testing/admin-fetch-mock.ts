import type { AdminResponse, AdminRoute } from '@reeltime/contract';
import { mockApi, type Handlers, type MockRequest, type Reply } from './fetch-mock';
import { signIn } from './render';

type AdminHandler<R extends AdminRoute> =
  | Reply<AdminResponse<R>>
  | ((request: MockRequest) => Reply<AdminResponse<R>> | Promise<Reply<AdminResponse<R>>>);

/** Mocked console operations, keyed like the admin endpoint map (`PATCH /admin/genres/:id`). */
export type AdminHandlers = { [R in AdminRoute]?: AdminHandler<R> };

/**
 * `mockApi` for console pages: admin operations typed by the admin endpoint map, member ones by
 * the member map, with the same request log and unmatched-call check.
 */
export function mockAdminApi(admin: AdminHandlers = {}, member: Handlers = {}) {
  const api = mockApi({ ...member, ...(admin as Handlers) });
  return {
    ...api,
    /** Requests to one admin operation, e.g. `adminCalls('DELETE /admin/genres/:id')`. */
    adminCalls: (route: AdminRoute) => api.calls(route as Parameters<typeof api.calls>[0]),
    setAdmin: <R extends AdminRoute>(route: R, handler: AdminHandler<R>) =>
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

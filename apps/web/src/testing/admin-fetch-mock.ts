import type * as Contract from '@reeltime/contract';
import type {
  EndpointData,
  EndpointDefinition,
  EndpointGroup,
} from '@reeltime/contract';
import { mockApi, type Handlers, type MockRequest, type Reply } from './fetch-mock';
import { signIn } from './render';

type ContractExports = typeof Contract;

/** Every endpoint definition of the groups the contract exports. */
type Definition = {
  [Name in keyof ContractExports]: ContractExports[Name] extends EndpointGroup
    ? ContractExports[Name][keyof ContractExports[Name]]
    : never;
}[keyof ContractExports];

type RouteOf<E extends EndpointDefinition> = `${E['method']} ${E['path']}`;

/** A defined endpoint as `METHOD /path` (`PATCH /admin/genres/:id`). */
type DefinedRoute = Definition extends infer E ? (E extends EndpointDefinition ? RouteOf<E> : never) : never;

/** What the defined endpoint at `R` carries in `data`. */
type DefinedData<R extends string> = Definition extends infer E
  ? E extends EndpointDefinition
    ? RouteOf<E> extends R
      ? EndpointData<E>
      : never
    : never
  : never;

/** A console operation, as an endpoint definition's `METHOD /path`. */
export type ConsoleRoute = DefinedRoute;

type ConsoleData<R extends ConsoleRoute> = DefinedData<R>;

type AdminHandler<R extends ConsoleRoute> =
  Reply<ConsoleData<R>> | ((request: MockRequest) => Reply<ConsoleData<R>> | Promise<Reply<ConsoleData<R>>>);

/** Mocked console operations, keyed as `METHOD /path` with the contract's path (`PATCH /admin/genres/:id`). */
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

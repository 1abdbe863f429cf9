import type { AdminResponse, AdminRoute } from '@reeltime/contract';
import {
  mockApi,
  type Handlers,
  type MockRequest,
  type MockRoute,
  type Reply,
} from '../../../../testing/fetch-mock';

type AdminHandler<R extends AdminRoute> =
  | Reply<AdminResponse<R>>
  | ((request: MockRequest) => Reply<AdminResponse<R>> | Promise<Reply<AdminResponse<R>>>);
export type AdminHandlers = { [R in AdminRoute]?: AdminHandler<R> };

/** {@link mockApi} for console calls, typed by the contract's admin endpoint map. */
export function mockAdminApi(handlers: AdminHandlers) {
  const api = mockApi(handlers as unknown as Handlers);
  return {
    ...api,
    calls: (route: AdminRoute) => api.calls(route as unknown as MockRoute),
    setAdmin: <R extends AdminRoute>(route: R, handler: AdminHandler<R>) =>
      api.set(route as unknown as MockRoute, handler as never),
  };
}

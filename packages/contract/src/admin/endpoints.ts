import type { AdminCommerceEndpoints } from './commerce';
import type { AdminConsoleEndpoints } from './console';
import type { AdminEndpoint } from './endpoint';
import type { AdminLibraryEndpoints } from './library';
import type { AdminMembersEndpoints } from './members';

/** Every operation of the operator console, keyed by `"<METHOD> <path>"`. */
export type AdminEndpoints = AdminConsoleEndpoints &
  AdminLibraryEndpoints &
  AdminMembersEndpoints &
  AdminCommerceEndpoints;

export type AdminRoute = keyof AdminEndpoints & string;

/** What the success envelope of `R` carries in `data`. */
export type AdminResponse<R extends AdminRoute> = AdminEndpoints[R] extends AdminEndpoint
  ? AdminEndpoints[R]['response']
  : never;

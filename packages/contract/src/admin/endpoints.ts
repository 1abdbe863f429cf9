import type { AdminCommerceEndpoints } from './commerce';
import type { AdminConsoleEndpoints } from './console';
import type { AdminEndpoint } from './endpoint';
import type { AdminLibraryEndpoints } from './library';
import type { AdminMediaEndpoints } from './media';
import type { AdminMembersEndpoints } from './members';
import type { AdminTitlesEndpoints } from './titles';

/** Every operation of the operator console, keyed by `"<METHOD> <path>"`. */
export type AdminEndpoints = AdminConsoleEndpoints &
  AdminTitlesEndpoints &
  AdminLibraryEndpoints &
  AdminMediaEndpoints &
  AdminMembersEndpoints &
  AdminCommerceEndpoints;

export type AdminRoute = keyof AdminEndpoints & string;

/** What the success envelope of `R` carries in `data`. */
export type AdminResponse<R extends AdminRoute> = AdminEndpoints[R] extends AdminEndpoint
  ? AdminEndpoints[R]['response']
  : never;

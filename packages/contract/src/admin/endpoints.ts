import type { AdminEndpoint } from './endpoint';
import type { AdminLibraryEndpoints } from './library';
import type { AdminMediaEndpoints } from './media';
import type { AdminTitlesEndpoints } from './titles';

/** Every operation of the operator console, keyed by `"<METHOD> <path>"`. */
export type AdminEndpoints = AdminTitlesEndpoints & AdminLibraryEndpoints & AdminMediaEndpoints;

export type AdminRoute = keyof AdminEndpoints & string;

/** What the success envelope of `R` carries in `data`. */
export type AdminResponse<R extends AdminRoute> = AdminEndpoints[R] extends AdminEndpoint
  ? AdminEndpoints[R]['response']
  : never;

/** The console's titles, seasons and episodes: paths, schemas and endpoints. */
import type { AdminEndpoint } from './endpoint';

/** Paths relative to API_BASE. */
export const AdminTitlesPaths = {} as const;

/** Keyed by `"<METHOD> <path>"`; each is an {@link AdminEndpoint}. */
export type AdminTitlesEndpoints = Record<never, AdminEndpoint>;

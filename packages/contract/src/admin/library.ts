/** The console's genres, people and banners: paths, schemas and endpoints. */
import type { AdminEndpoint } from './endpoint';

/** Paths relative to API_BASE. */
export const AdminLibraryPaths = {} as const;

/** Keyed by `"<METHOD> <path>"`; each is an {@link AdminEndpoint}. */
export type AdminLibraryEndpoints = Record<never, AdminEndpoint>;

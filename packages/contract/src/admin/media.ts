/** The console's video uploads, transcoding and captions: paths, schemas and endpoints. */
import type { AdminEndpoint } from './endpoint';

/** Paths relative to API_BASE. */
export const AdminMediaPaths = {} as const;

/** Keyed by `"<METHOD> <path>"`; each is an {@link AdminEndpoint}. */
export type AdminMediaEndpoints = Record<never, AdminEndpoint>;

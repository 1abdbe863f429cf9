/** The console's submissions review, plans and taxes: paths, schemas and endpoints. */
import type { AdminEndpoint } from './endpoint';

/** Paths relative to API_BASE. */
export const AdminCommercePaths = {} as const;

/** Keyed by `"<METHOD> <path>"`; each is an {@link AdminEndpoint}. */
export type AdminCommerceEndpoints = Record<never, AdminEndpoint>;

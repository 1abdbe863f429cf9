/** The console's members, the mail outbox and background jobs: paths, schemas and endpoints. */
import type { AdminEndpoint } from './endpoint';

/** Paths relative to API_BASE. */
export const AdminMembersPaths = {} as const;

/** Keyed by `"<METHOD> <path>"`; each is an {@link AdminEndpoint}. */
export type AdminMembersEndpoints = Record<never, AdminEndpoint>;

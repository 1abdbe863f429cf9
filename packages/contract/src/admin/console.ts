/** The console's overview, audit log and site settings: paths, schemas and endpoints. */
import type { z } from 'zod';
import type { AdminOverviewSchema } from '../admin';
import { ApiPaths } from '../paths';
import type { AdminEndpoint } from './endpoint';

/** Paths relative to API_BASE. */
export const AdminConsolePaths = {
  overview: ApiPaths.adminOverview,
} as const;

/** Keyed by `"<METHOD> <path>"`; each is an {@link AdminEndpoint}. */
export type AdminConsoleEndpoints = {
  'GET /admin/overview': AdminEndpoint & { response: z.output<typeof AdminOverviewSchema> };
};

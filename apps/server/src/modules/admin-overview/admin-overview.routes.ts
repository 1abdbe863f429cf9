import type { FastifyInstance } from 'fastify';
import { AdminOverviewEndpoints } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { createOverviewService } from './overview.service';

/** The console's overview. */
export async function adminOverviewRoutes(app: FastifyInstance): Promise<void> {
  const overview = createOverviewService(app.ctx);

  registerEndpoints(app, AdminOverviewEndpoints, {
    overview: async () => ok(await overview.overview()),
  });
}

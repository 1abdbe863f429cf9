import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminConsolePaths, AdminOverviewSchema, SuccessEnvelope } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { createAdminService } from './admin.service';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** The operator's console: admin scope only. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const admin = createAdminService(app.ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    AdminConsolePaths.overview,
    {
      schema: {
        tags,
        security,
        description: 'Counts of titles, members, videos by status and background jobs by state.',
        response: { 200: SuccessEnvelope(AdminOverviewSchema) },
      },
    },
    async () => ok(await admin.overview()),
  );
}

import type { FastifyInstance } from 'fastify';
import { AdminJobsEndpoints, AdminJobsMessages as Said } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { createJobsConsoleService } from './jobs-console.service';

/** The console's background jobs. */
export async function adminJobsRoutes(app: FastifyInstance): Promise<void> {
  const jobs = createJobsConsoleService(app.ctx);

  registerEndpoints(app, AdminJobsEndpoints, {
    list: async (request) => ok(await jobs.list(request.query)),
    retry: async (request) => ok(await jobs.retry(request.user!.id, request.params.id), Said.jobRequeued),
    cancel: async (request) => ok(await jobs.cancel(request.user!.id, request.params.id), Said.jobCancelled),
  });
}

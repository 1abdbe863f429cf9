import type { FastifyInstance } from 'fastify';
import { AdminSubmissionsEndpoints, AdminSubmissionsMessages as M } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { createSubmissionsReviewService } from './submissions-review.service';

/** The review queue of members' submissions. */
export async function adminSubmissionsRoutes(app: FastifyInstance): Promise<void> {
  const review = createSubmissionsReviewService(app.ctx);

  registerEndpoints(app, AdminSubmissionsEndpoints, {
    list: async (request) => ok(await review.list(request.query)),
    approve: async (request) =>
      ok(await review.approve(request.user!.id, request.params.id), M.submissionApproved),
    reject: async (request) =>
      ok(await review.reject(request.user!.id, request.params.id, request.body.reason), M.submissionRejected),
  });
}

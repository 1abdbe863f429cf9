import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminLibraryMessages as M,
  AdminLibraryPaths as Paths,
  AdminSubmissionSchema,
  AdminSubmissionsPageSchema,
  AdminSubmissionsQuerySchema,
  ApproveSubmissionResultSchema,
  IdParamsSchema,
  RejectSubmissionBodySchema,
  SuccessEnvelope,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { createSubmissionsReviewService } from './submissions-review.service';

const tags = ['admin: submissions'];
const security = [{ bearer: [] }];

/** The review queue of members' submissions (admin scope). */
export async function submissionsReviewRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const review = createSubmissionsReviewService(app.ctx);

  api.get(
    Paths.submissions,
    {
      schema: {
        tags,
        security,
        description:
          'Submissions newest first, of one `status` or all, with their cast and how their link plays.',
        querystring: AdminSubmissionsQuerySchema,
        response: { 200: SuccessEnvelope(AdminSubmissionsPageSchema) },
      },
    },
    async (request) => ok(await review.list(request.query)),
  );

  api.post(
    Paths.approveSubmission,
    {
      schema: {
        tags,
        security,
        description:
          'Approves a pending submission: creates an unpublished draft title from it (poster, trailer link, cast as people with their photos and addresses) and mails the member. 409 when it was already reviewed.',
        params: IdParamsSchema,
        response: { 200: SuccessEnvelope(ApproveSubmissionResultSchema) },
      },
    },
    async (request) => ok(await review.approve(request.user!.id, request.params.id), M.submissionApproved),
  );

  api.post(
    Paths.rejectSubmission,
    {
      schema: {
        tags,
        security,
        description:
          'Rejects a pending submission with a reason (at most 1000 characters), which the member receives by mail and sees in My submissions. 409 when it was already reviewed.',
        params: IdParamsSchema,
        body: RejectSubmissionBodySchema,
        response: { 200: SuccessEnvelope(AdminSubmissionSchema) },
      },
    },
    async (request) =>
      ok(await review.reject(request.user!.id, request.params.id, request.body.reason), M.submissionRejected),
  );
}

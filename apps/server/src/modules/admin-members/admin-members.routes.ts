import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminJobListSchema,
  AdminJobSchema,
  AdminJobsQuerySchema,
  AdminMailListSchema,
  AdminMailMessageSchema,
  AdminMailQuerySchema,
  AdminMemberDetailSchema,
  AdminMemberListSchema,
  AdminMembersMessages as Said,
  AdminMembersPaths as Paths,
  AdminMembersQuerySchema,
  IdParamsSchema,
  SuccessEnvelope,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { createJobsConsoleService } from './jobs-console.service';
import { createMailOutboxService } from './mail-outbox.service';
import { createMembersService } from './members.service';

const security = [{ bearer: [] }];

/** The console's members, the mail outbox and background jobs (admin scope). */
export async function adminMembersRoutes(app: FastifyInstance): Promise<void> {
  const members = createMembersService(app.ctx);
  const mail = createMailOutboxService(app.ctx);
  const jobs = createJobsConsoleService(app.ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  const memberSchema = (description: string) => ({
    tags: ['admin: members'],
    security,
    description,
    params: IdParamsSchema,
    response: { 200: SuccessEnvelope(AdminMemberDetailSchema) },
  });

  api.get(
    Paths.members,
    {
      schema: {
        tags: ['admin: members'],
        security,
        description:
          'Members newest first: search by name or email, filter by status (active, disabled, admin), with each one’s current plan.',
        querystring: AdminMembersQuerySchema,
        response: { 200: SuccessEnvelope(AdminMemberListSchema) },
      },
    },
    async (request) => ok(await members.list(request.query)),
  );

  api.get(
    Paths.member,
    {
      schema: memberSchema(
        'A member’s profile, subscriptions, payments, live sessions and the last 20 rows of viewing progress and views.',
      ),
    },
    async (request) => ok(await members.detail(request.params.id)),
  );

  const actions = [
    {
      path: Paths.disableMember,
      description:
        'Disables the account: every token stops working at once, unused reset links are spent and sign-in is refused. 409 for oneself or the last enabled admin.',
      run: members.disable,
      message: Said.memberDisabled,
    },
    {
      path: Paths.enableMember,
      description: 'Lets a disabled member sign in again.',
      run: members.enable,
      message: Said.memberEnabled,
    },
    {
      path: Paths.grantAdmin,
      description: 'Makes the member an admin, from their next request.',
      run: members.grantAdmin,
      message: Said.adminGranted,
    },
    {
      path: Paths.revokeAdmin,
      description: 'Takes admin away, from the member’s next request. 409 for the last enabled admin.',
      run: members.revokeAdmin,
      message: Said.adminRevoked,
    },
    {
      path: Paths.signOutMember,
      description: 'Revokes every token of the member: each device is signed out on its next request.',
      run: members.signOutEverywhere,
      message: Said.signedOutEverywhere,
    },
  ];
  for (const action of actions) {
    api.post(action.path, { schema: memberSchema(action.description) }, async (request) =>
      ok(await action.run(request.user!.id, request.params.id), action.message),
    );
  }

  const mailTags = ['admin: mail'];
  api.get(
    Paths.mail,
    {
      schema: {
        tags: mailTags,
        security,
        description: 'The outbox newest first: filter by status, search by recipient.',
        querystring: AdminMailQuerySchema,
        response: { 200: SuccessEnvelope(AdminMailListSchema) },
      },
    },
    async (request) => ok(await mail.list(request.query)),
  );

  api.get(
    Paths.mailMessage,
    {
      schema: {
        tags: mailTags,
        security,
        description: 'One message with its text and HTML bodies.',
        params: IdParamsSchema,
        response: { 200: SuccessEnvelope(AdminMailMessageSchema) },
      },
    },
    async (request) => ok(await mail.message(request.params.id)),
  );

  api.post(
    Paths.retryMail,
    {
      schema: {
        tags: mailTags,
        security,
        description: 'Queues a failed message for delivery again. 409 for a message that is not failed.',
        params: IdParamsSchema,
        response: { 200: SuccessEnvelope(AdminMailMessageSchema) },
      },
    },
    async (request) => ok(await mail.retry(request.user!.id, request.params.id), Said.mailRequeued),
  );

  const jobTags = ['admin: jobs'];
  api.get(
    Paths.jobs,
    {
      schema: {
        tags: jobTags,
        security,
        description:
          'Background jobs newest first: filter by type and state; each with progress, attempts, last error and a payload summary.',
        querystring: AdminJobsQuerySchema,
        response: { 200: SuccessEnvelope(AdminJobListSchema) },
      },
    },
    async (request) => ok(await jobs.list(request.query)),
  );

  api.post(
    Paths.retryJob,
    {
      schema: {
        tags: jobTags,
        security,
        description: 'Queues a failed or cancelled job again with fresh attempts. 409 otherwise.',
        params: IdParamsSchema,
        response: { 200: SuccessEnvelope(AdminJobSchema) },
      },
    },
    async (request) => ok(await jobs.retry(request.user!.id, request.params.id), Said.jobRequeued),
  );

  api.post(
    Paths.cancelJob,
    {
      schema: {
        tags: jobTags,
        security,
        description:
          'Cancels a queued or running job; a running one stops at its worker’s next heartbeat. 409 otherwise.',
        params: IdParamsSchema,
        response: { 200: SuccessEnvelope(AdminJobSchema) },
      },
    },
    async (request) => ok(await jobs.cancel(request.user!.id, request.params.id), Said.jobCancelled),
  );
}

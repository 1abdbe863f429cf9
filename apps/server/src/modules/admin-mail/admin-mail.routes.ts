import type { FastifyInstance } from 'fastify';
import { AdminMailEndpoints, AdminMailMessages as Said } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { createMailOutboxService } from './mail-outbox.service';

/** The console's mail outbox. */
export async function adminMailRoutes(app: FastifyInstance): Promise<void> {
  const mail = createMailOutboxService(app.ctx);

  registerEndpoints(app, AdminMailEndpoints, {
    list: async (request) => ok(await mail.list(request.query)),
    message: async (request) => ok(await mail.message(request.params.id)),
    retry: async (request) => ok(await mail.retry(request.user!.id, request.params.id), Said.mailRequeued),
  });
}

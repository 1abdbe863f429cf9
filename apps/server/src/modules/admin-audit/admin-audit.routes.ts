import type { FastifyInstance } from 'fastify';
import { AdminAuditEndpoints } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { createAuditLogService } from './audit-log.service';

/** The console's audit log. */
export async function adminAuditRoutes(app: FastifyInstance): Promise<void> {
  const auditLog = createAuditLogService(app.ctx);

  registerEndpoints(app, AdminAuditEndpoints, {
    list: async (request) => ok(await auditLog.list(request.query)),
  });
}

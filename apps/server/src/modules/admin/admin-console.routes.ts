import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminConsoleMessages,
  AdminConsolePaths,
  AuditPageSchema,
  AuditQuerySchema,
  SiteSettingsBodySchema,
  SiteSettingsSchema,
  SuccessEnvelope,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { createSiteSettingsService } from '../site-settings/site-settings.service';
import { createAuditLogService } from './audit-log.service';

const security = [{ bearer: [] }];

/** The console's audit log and site settings (admin scope). */
export async function adminConsoleRoutes(app: FastifyInstance): Promise<void> {
  const settings = createSiteSettingsService(app.ctx);
  const auditLog = createAuditLogService(app.ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    AdminConsolePaths.audit,
    {
      schema: {
        tags: ['admin'],
        security,
        description:
          'Changes made in the console, newest first, filtered by actor email (part of it), action (or its start, ' +
          'such as `title`), entity type and id, and UTC days `from`/`to` (both included).',
        querystring: AuditQuerySchema,
        response: { 200: SuccessEnvelope(AuditPageSchema) },
      },
    },
    async (request) => ok(await auditLog.list(request.query)),
  );

  api.get(
    AdminConsolePaths.settings,
    {
      schema: {
        tags: ['admin'],
        security,
        description: 'The site settings: name, whether sign-ups are open and the ad slot address.',
        response: { 200: SuccessEnvelope(SiteSettingsSchema) },
      },
    },
    async () => ok(await settings.current()),
  );

  api.put(
    AdminConsolePaths.settings,
    {
      schema: {
        tags: ['admin'],
        security,
        description:
          'Saves every site setting (audited as `settings.update`). The site name and ad slot reach the web app ' +
          'and its frame policy on the next page load; closed sign-ups refuse POST /register.',
        body: SiteSettingsBodySchema,
        response: { 200: SuccessEnvelope(SiteSettingsSchema) },
      },
    },
    async (request) =>
      ok(await settings.update(request.user!.id, request.body), AdminConsoleMessages.settingsSaved),
  );
}

import type { FastifyInstance } from 'fastify';
import { AdminSettingsEndpoints, AdminSettingsMessages } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { createSiteSettingsService } from '../site-settings/site-settings.service';

/** The site settings an admin edits. */
export async function adminSettingsRoutes(app: FastifyInstance): Promise<void> {
  const settings = createSiteSettingsService(app.ctx);

  registerEndpoints(app, AdminSettingsEndpoints, {
    current: async () => ok(await settings.current()),
    save: async (request) =>
      ok(await settings.update(request.user!.id, request.body), AdminSettingsMessages.settingsSaved),
  });
}

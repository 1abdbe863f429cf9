import type { FastifyInstance } from 'fastify';
import { SiteSettingsEndpoints } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { createSiteSettingsService } from './site-settings.service';

/** What every visitor's web app needs of the site settings: open to visitors. */
export async function siteSettingsPublicRoutes(app: FastifyInstance): Promise<void> {
  const settings = createSiteSettingsService(app.ctx);

  registerEndpoints(app, SiteSettingsEndpoints, {
    current: async () => {
      const { site_name, signups_open, support_email, content_rating_scale } = await settings.current();
      return ok({
        site_name,
        signups_open,
        support_email,
        content_rating_scale,
        max_upload_mb: app.ctx.config.maxUploadMb,
      });
    },
  });
}

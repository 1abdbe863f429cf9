import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiPaths, PublicSiteSettingsSchema, SuccessEnvelope } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { createSiteSettingsService } from './site-settings.service';

/** What every visitor's web app needs of the site settings: open to visitors. */
export async function siteSettingsPublicRoutes(app: FastifyInstance): Promise<void> {
  const settings = createSiteSettingsService(app.ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    ApiPaths.siteSettings,
    {
      schema: {
        tags: ['site'],
        description: 'The site name and whether sign-ups are open, as the operator set them in the console.',
        response: { 200: SuccessEnvelope(PublicSiteSettingsSchema) },
      },
    },
    async () => {
      const { site_name, signups_open } = await settings.current();
      return ok({ site_name, signups_open });
    },
  );
}

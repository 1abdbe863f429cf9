import { PublicSiteSettingsSchema } from './admin/settings';
import { defineEndpoint } from './endpoint';

/** What every visitor's web app needs of the site settings: open to visitors. */
export const SiteSettingsEndpoints = {
  current: defineEndpoint({
    method: 'GET',
    path: '/site-settings',
    access: 'public',
    tags: ['site'],
    description:
      'The site name, whether sign-ups are open, the support address and the content-rating scale (mildest first), as the operator set them in the console.',
    success: { status: 200, data: PublicSiteSettingsSchema },
  }),
};

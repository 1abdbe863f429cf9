import type { FastifyInstance } from 'fastify';
import { requireAdmin, requireMember } from './plugins/auth';
import { adminAuditRoutes } from './modules/admin-audit/admin-audit.routes';
import { adminCommerceRoutes } from './modules/admin-commerce/admin-commerce.routes';
import { adminJobsRoutes } from './modules/admin-jobs/admin-jobs.routes';
import { adminLibraryRoutes } from './modules/admin-library/admin-library.routes';
import { adminMailRoutes } from './modules/admin-mail/admin-mail.routes';
import { adminMediaRoutes } from './modules/admin-media/admin-media.routes';
import { adminMembersRoutes } from './modules/admin-members/admin-members.routes';
import { adminOverviewRoutes } from './modules/admin-overview/admin-overview.routes';
import { adminSettingsRoutes } from './modules/admin-settings/admin-settings.routes';
import { adminSubmissionsRoutes } from './modules/admin-submissions/admin-submissions.routes';
import { adminTitlesRoutes } from './modules/admin-titles/admin-titles.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { castMailRoutes } from './modules/cast-mail/cast-mail.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { playbackRoutes } from './modules/playback/playback.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { searchRoutes } from './modules/search/search.routes';
import { siteSettingsPublicRoutes } from './modules/site-settings/site-settings.routes';
import { submissionsRoutes } from './modules/submissions/submissions.routes';
import { watchlistRoutes } from './modules/watchlist/watchlist.routes';

/**
 * Every API module, under /api/v1. Public routes first; member routes share one scope whose
 * onRequest hook refuses visitors, and admin routes (/admin/...) one whose hook also refuses
 * members, so access never depends on matching URL strings.
 */
export async function registerApiRoutes(api: FastifyInstance): Promise<void> {
  await api.register(authRoutes);
  await api.register(catalogRoutes);
  await api.register(siteSettingsPublicRoutes);
  await api.register(async (member) => {
    member.addHook('onRequest', requireMember);
    await member.register(profileRoutes);
    await member.register(playbackRoutes);
    await member.register(searchRoutes);
    await member.register(watchlistRoutes);
    await member.register(billingRoutes);
    await member.register(submissionsRoutes);
    await member.register(castMailRoutes);
  });
  await api.register(async (admin) => {
    admin.addHook('onRequest', requireAdmin);
    await admin.register(adminOverviewRoutes);
    await admin.register(adminSettingsRoutes);
    await admin.register(adminAuditRoutes);
    await admin.register(adminTitlesRoutes);
    await admin.register(adminLibraryRoutes);
    await admin.register(adminMediaRoutes);
    await admin.register(adminSubmissionsRoutes);
    await admin.register(adminMembersRoutes);
    await admin.register(adminMailRoutes);
    await admin.register(adminJobsRoutes);
    await admin.register(adminCommerceRoutes);
  });
}

import type { FastifyInstance } from 'fastify';
import { adminAuditRoutes } from './modules/admin-audit/admin-audit.routes';
import { adminCommerceRoutes } from './modules/admin-commerce/admin-commerce.routes';
import { adminJobsRoutes } from './modules/admin-jobs/admin-jobs.routes';
import { adminLibraryRoutes } from './modules/admin-library/admin-library.routes';
import { adminMailRoutes } from './modules/admin-mail/admin-mail.routes';
import { adminMediaRoutes } from './modules/admin-media/admin-media.routes';
import { introSuggestionRoutes } from './modules/intro-suggestions/intro-suggestions.routes';
import { adminMembersRoutes } from './modules/admin-members/admin-members.routes';
import { adminOverviewRoutes } from './modules/admin-overview/admin-overview.routes';
import { adminPlaybackQualityRoutes } from './modules/admin-playback-quality/admin-playback-quality.routes';
import { adminSettingsRoutes } from './modules/admin-settings/admin-settings.routes';
import { adminSubmissionsRoutes } from './modules/admin-submissions/admin-submissions.routes';
import { adminTitlesRoutes } from './modules/admin-titles/admin-titles.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { castMailRoutes } from './modules/cast-mail/cast-mail.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { householdRoutes } from './modules/household/household.routes';
import { playbackRoutes } from './modules/playback/playback.routes';
import { playbackPreferencesRoutes } from './modules/playback-preferences/playback-preferences.routes';
import { playbackQualityRoutes } from './modules/playback-quality/playback-quality.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { recommendationsRoutes } from './modules/recommendations/recommendations.routes';
import { searchRoutes } from './modules/search/search.routes';
import { siteSettingsPublicRoutes } from './modules/site-settings/site-settings.routes';
import { submissionsRoutes } from './modules/submissions/submissions.routes';
import { watchlistRoutes } from './modules/watchlist/watchlist.routes';

/**
 * Every API module, under /api/v1. Each registers its routes from the contract's endpoint
 * definitions, whose `access` decides who may call them (lib/endpoints.ts), so access never
 * depends on matching URL strings or on the scope a module is registered in.
 */
export async function registerApiRoutes(api: FastifyInstance): Promise<void> {
  for (const routes of [
    authRoutes,
    catalogRoutes,
    siteSettingsPublicRoutes,
    profileRoutes,
    householdRoutes,
    playbackRoutes,
    playbackPreferencesRoutes,
    playbackQualityRoutes,
    recommendationsRoutes,
    searchRoutes,
    watchlistRoutes,
    billingRoutes,
    submissionsRoutes,
    castMailRoutes,
    adminOverviewRoutes,
    adminPlaybackQualityRoutes,
    adminSettingsRoutes,
    adminAuditRoutes,
    adminTitlesRoutes,
    adminLibraryRoutes,
    adminMediaRoutes,
    introSuggestionRoutes,
    adminSubmissionsRoutes,
    adminMembersRoutes,
    adminMailRoutes,
    adminJobsRoutes,
    adminCommerceRoutes,
  ]) {
    await api.register(routes);
  }
}

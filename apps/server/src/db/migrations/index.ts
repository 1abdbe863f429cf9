import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './0001-initial';
import * as media from './0002-media';
import * as catalogIndexes from './0003-catalog-indexes';
import * as mailAndJobs from './0004-mail-and-jobs';
import * as billing from './0005-billing';
import * as stripe from './0006-stripe';
import * as submissionReview from './0008-submission-review';
import * as dailymotionLinks from './0009-dailymotion-links';
import * as playbackLeases from './0010-playback-leases';
import * as adminConsole from './0011-admin-console';
import * as adminTitles from './0012-admin-titles';
import * as adminLibrary from './0013-admin-library';
import * as mediaUploads from './0014-media-uploads';
import * as adminMembers from './0015-admin-members';
import * as adminCommerce from './0016-admin-commerce';
import * as jobDedupe from './0017-job-dedupe';
import * as repairConsoleSchema from './0018-repair-console-schema';
import * as jobSchedules from './0019-job-schedules';
import * as householdProfiles from './0020-household-profiles';
import * as videoMarkers from './0022-video-markers';
import * as playbackQuality from './0023-playback-quality';
import * as recommendations from './0024-recommendations';
import * as introSuggestions from './0025-intro-suggestions';
import * as audioTracks from './0026-audio-tracks';
import * as playbackPreferences from './0027-playback-preferences';
import * as thumbnailWidths from './0028-thumbnail-widths';

/** Every migration, in order. Add new ones here; never edit one that has shipped. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-media': media,
  '0003-catalog-indexes': catalogIndexes,
  '0004-mail-and-jobs': mailAndJobs,
  '0005-billing': billing,
  '0006-stripe': stripe,
  '0008-submission-review': submissionReview,
  '0009-dailymotion-links': dailymotionLinks,
  '0010-playback-leases': playbackLeases,
  '0011-admin-console': adminConsole,
  '0012-admin-titles': adminTitles,
  '0013-admin-library': adminLibrary,
  '0014-media-uploads': mediaUploads,
  '0015-admin-members': adminMembers,
  '0016-admin-commerce': adminCommerce,
  '0017-job-dedupe': jobDedupe,
  '0018-repair-console-schema': repairConsoleSchema,
  '0019-job-schedules': jobSchedules,
  '0020-household-profiles': householdProfiles,
  '0022-video-markers': videoMarkers,
  '0023-playback-quality': playbackQuality,
  '0024-recommendations': recommendations,
  '0025-intro-suggestions': introSuggestions,
  '0026-audio-tracks': audioTracks,
  '0027-playback-preferences': playbackPreferences,
  '0028-thumbnail-widths': thumbnailWidths,
};

/** Migration names in the order they run; the last one names the current schema. */
export const migrationNames: readonly string[] = Object.keys(migrations);

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

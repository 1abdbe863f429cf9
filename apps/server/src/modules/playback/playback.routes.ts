import type { FastifyInstance } from 'fastify';
import { PlaybackEndpoints } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { createPlaybackLeaseService, PlaybackLeaseMessages } from './playback-lease.service';
import { createPlaybackService, PlaybackMessages } from './playback.service';
import { ratingFilterFor } from '../catalog/rating-scale';

/**
 * Playback progress, Continue Watching and likes of the profile the token acts as; screen leases
 * of the account (the plan's screens are shared by its profiles). Member scope only. A title above
 * the profile's maturity limit is missing from every one of them.
 */
export async function playbackRoutes(app: FastifyInstance): Promise<void> {
  const playback = createPlaybackService(app.ctx);
  const leases = createPlaybackLeaseService(app.ctx);

  registerEndpoints(app, PlaybackEndpoints, {
    saveProgress: async (request) =>
      ok(
        await playback.saveProgress(request.user!, request.body, await ratingFilterFor(request)),
        PlaybackMessages.progressSaved,
      ),
    continueWatching: async (request) =>
      ok(await playback.continueWatching(request.user!.profile.id, await ratingFilterFor(request))),
    like: async (request) => {
      const rating = await ratingFilterFor(request);
      const result = await playback.toggleLike(request.user!, request.body.entertainment_id, rating);
      return ok(result, result.is_liked ? PlaybackMessages.liked : PlaybackMessages.unliked);
    },
    startLease: async (request) =>
      ok(
        await leases.startOrRenew(request.user!.id, request.body, await ratingFilterFor(request)),
        PlaybackLeaseMessages.started,
      ),
    endLease: async (request) => {
      await leases.end(request.user!.id, request.body.lease_id);
      return ok(null, PlaybackLeaseMessages.ended);
    },
  });
}

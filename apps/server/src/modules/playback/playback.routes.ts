import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiPaths,
  ContinueWatchingItemSchema,
  EndPlaybackLeaseBodySchema,
  EntertainmentBodySchema,
  LikeResultSchema,
  PlaybackLeaseBodySchema,
  PlaybackLeaseSchema,
  PlaybackProgressBodySchema,
  PlaybackProgressResultSchema,
  SuccessEnvelope,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { createPlaybackLeaseService, PlaybackLeaseMessages } from './playback-lease.service';
import { createPlaybackService, PlaybackMessages } from './playback.service';

const tags = ['playback'];
const security = [{ bearer: [] }];

/** Playback progress, screen leases, Continue Watching and likes: member scope only. */
export async function playbackRoutes(app: FastifyInstance): Promise<void> {
  const playback = createPlaybackService(app.ctx);
  const leases = createPlaybackLeaseService(app.ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    ApiPaths.playbackProgress,
    {
      schema: {
        tags,
        security,
        description:
          'Saves where the member is in a title (or episode). finished once past 95%; a view counts once a day past 30 s.',
        body: PlaybackProgressBodySchema,
        response: { 200: SuccessEnvelope(PlaybackProgressResultSchema) },
      },
    },
    async (request) =>
      ok(await playback.saveProgress(request.user!.id, request.body), PlaybackMessages.progressSaved),
  );

  api.post(
    ApiPaths.playbackLease,
    {
      schema: {
        tags,
        security,
        description:
          'Starts or renews the lease a player holds while it plays (renew before expires_in_seconds). 409 when the member already plays on as many screens as the plan allows; 403 without a plan unless the title is free.',
        body: PlaybackLeaseBodySchema,
        response: { 200: SuccessEnvelope(PlaybackLeaseSchema) },
      },
    },
    async (request) =>
      ok(await leases.startOrRenew(request.user!.id, request.body), PlaybackLeaseMessages.started),
  );

  api.post(
    ApiPaths.endPlaybackLease,
    {
      schema: {
        tags,
        security,
        description: 'Releases a lease when playback stops, freeing its screen at once.',
        body: EndPlaybackLeaseBodySchema,
        response: { 200: SuccessEnvelope(z.null()) },
      },
    },
    async (request) => {
      await leases.end(request.user!.id, request.body.lease_id);
      return ok(null, PlaybackLeaseMessages.ended);
    },
  );

  api.get(
    ApiPaths.continueWatching,
    {
      schema: {
        tags,
        security,
        description: 'Titles the member started and has not finished, most recent first (at most 20).',
        response: { 200: SuccessEnvelope(z.array(ContinueWatchingItemSchema)) },
      },
    },
    async (request) => ok(await playback.continueWatching(request.user!.id)),
  );

  api.post(
    ApiPaths.like,
    {
      schema: {
        tags,
        security,
        description: 'Toggles the member’s like of a title.',
        body: EntertainmentBodySchema,
        response: { 200: SuccessEnvelope(LikeResultSchema) },
      },
    },
    async (request) => {
      const result = await playback.toggleLike(request.user!.id, request.body.entertainment_id);
      return ok(result, result.is_liked ? PlaybackMessages.liked : PlaybackMessages.unliked);
    },
  );
}

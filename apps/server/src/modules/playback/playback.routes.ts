import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiPaths,
  ContinueWatchingItemSchema,
  EntertainmentBodySchema,
  LikeResultSchema,
  PlaybackProgressBodySchema,
  PlaybackProgressResultSchema,
  SuccessEnvelope,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { createPlaybackService, PlaybackMessages } from './playback.service';

const tags = ['playback'];
const security = [{ bearer: [] }];

/** Playback progress, Continue Watching and likes: member scope only. */
export async function playbackRoutes(app: FastifyInstance): Promise<void> {
  const playback = createPlaybackService(app.ctx);
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

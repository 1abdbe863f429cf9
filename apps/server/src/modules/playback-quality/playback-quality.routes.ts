import type { FastifyInstance } from 'fastify';
import {
  PlaybackQualityEndpoints,
  PlaybackQualityMessages,
  QUALITY_BATCHES_PER_MINUTE,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { MINUTE_MS } from '../../lib/time';
import { ratingFilterFor } from '../catalog/rating-scale';
import { createPlaybackQualityService } from './playback-quality.service';

/** Players report how plays went; the console reads the figures (admin-playback-quality). */
export async function playbackQualityRoutes(app: FastifyInstance): Promise<void> {
  const quality = createPlaybackQualityService(app.ctx);

  registerEndpoints(app, PlaybackQualityEndpoints, {
    report: {
      options: {
        config: {
          rateLimit: {
            max: QUALITY_BATCHES_PER_MINUTE,
            timeWindow: MINUTE_MS,
            keyGenerator: (request) => `playback-quality:${request.user?.id}`,
          },
        },
      },
      handler: async (request) =>
        ok(
          { saved: await quality.record(request.user!, request.body, await ratingFilterFor(request)) },
          PlaybackQualityMessages.reportsSaved,
        ),
    },
  });
}

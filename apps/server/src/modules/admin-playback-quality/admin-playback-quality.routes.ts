import type { FastifyInstance } from 'fastify';
import { AdminPlaybackQualityEndpoints } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { createPlaybackQualityService } from '../playback-quality/playback-quality.service';

/** The console's Playback section: the figures of members' playback quality reports. */
export async function adminPlaybackQualityRoutes(app: FastifyInstance): Promise<void> {
  const quality = createPlaybackQualityService(app.ctx);

  registerEndpoints(app, AdminPlaybackQualityEndpoints, {
    figures: async (request) => ok(await quality.figures(request.query.days)),
  });
}

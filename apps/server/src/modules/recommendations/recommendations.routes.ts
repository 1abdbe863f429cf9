import type { FastifyInstance } from 'fastify';
import { RecommendationEndpoints } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { ratingFilterFor } from '../catalog/rating-scale';
import { createRecommendationsService } from './recommendations.service';

/** The personal rows of the profile the token acts as, within its maturity limit. */
export async function recommendationsRoutes(app: FastifyInstance): Promise<void> {
  const recommendations = createRecommendationsService(app.ctx);

  registerEndpoints(app, RecommendationEndpoints, {
    list: async (request) =>
      ok(await recommendations.forProfile(request.user!.profile.id, await ratingFilterFor(request))),
  });
}

import type { FastifyInstance } from 'fastify';
import { AdminIntroSuggestionEndpoints, IntroSuggestionMessages } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { createIntroSuggestionService } from './intro-suggestions.service';

/** The console's intro suggestions for a season's episodes (admin scope). */
export async function introSuggestionRoutes(app: FastifyInstance): Promise<void> {
  const suggestions = createIntroSuggestionService(app.ctx);

  registerEndpoints(app, AdminIntroSuggestionEndpoints, {
    start: async (request) => ok(await suggestions.start(request.params.id), IntroSuggestionMessages.started),
    latest: async (request) => ok(await suggestions.latest(request.params.id)),
  });
}

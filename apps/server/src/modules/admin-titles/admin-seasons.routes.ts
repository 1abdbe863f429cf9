import type { FastifyInstance } from 'fastify';
import { AdminSeasonsEndpoints, AdminTitlesMessages } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { createAdminSeasonsService } from './admin-seasons.service';

const M = AdminTitlesMessages;

/** Seasons and episodes of TV shows (admin scope; registered by the titles routes). */
export async function adminSeasonsRoutes(app: FastifyInstance): Promise<void> {
  const seasons = createAdminSeasonsService(app.ctx);

  registerEndpoints(app, AdminSeasonsEndpoints, {
    createSeason: async (request) =>
      ok(await seasons.createSeason(request.user!.id, request.params.id, request.body), M.seasonCreated),
    orderSeasons: async (request) =>
      ok(
        await seasons.orderSeasons(request.user!.id, request.params.id, request.body.ids),
        M.seasonsReordered,
      ),
    updateSeason: async (request) =>
      ok(await seasons.updateSeason(request.user!.id, request.params.id, request.body), M.seasonSaved),
    deleteSeason: async (request) => {
      await seasons.deleteSeason(request.user!.id, request.params.id);
      return ok(null, M.seasonDeleted);
    },
    createEpisode: async (request) =>
      ok(await seasons.createEpisode(request.user!.id, request.params.id, request.body), M.episodeCreated),
    orderEpisodes: async (request) =>
      ok(
        await seasons.orderEpisodes(request.user!.id, request.params.id, request.body.ids),
        M.episodesReordered,
      ),
    updateEpisode: async (request) =>
      ok(await seasons.updateEpisode(request.user!.id, request.params.id, request.body), M.episodeSaved),
    deleteEpisode: async (request) => {
      await seasons.deleteEpisode(request.user!.id, request.params.id);
      return ok(null, M.episodeDeleted);
    },
    saveEpisodeThumbnail: async (request) =>
      ok(
        await seasons.saveEpisodeThumbnail(
          request.user!.id,
          request.params.id,
          request.uploads.get('thumbnail'),
        ),
        M.imagesSaved,
      ),
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminEpisodeSchema,
  AdminSeasonSchema,
  AdminTitlesMessages,
  AdminTitlesPaths,
  CreateEpisodeBodySchema,
  CreateSeasonBodySchema,
  IdParamsSchema,
  OrderBodySchema,
  SuccessEnvelope,
  TitleImagesBodySchema,
  UpdateEpisodeBodySchema,
  UpdateSeasonBodySchema,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { createAdminSeasonsService } from './admin-seasons.service';

const tags = ['admin'];
const security = [{ bearer: [] }];
const M = AdminTitlesMessages;

/** Seasons and episodes of TV shows (admin scope; registered by the titles routes). */
export async function adminSeasonsRoutes(app: FastifyInstance): Promise<void> {
  const seasons = createAdminSeasonsService(app.ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const season = { 200: SuccessEnvelope(AdminSeasonSchema) };
  const episode = { 200: SuccessEnvelope(AdminEpisodeSchema) };
  const none = { 200: SuccessEnvelope(z.null()) };
  const params = IdParamsSchema;

  api.post(
    AdminTitlesPaths.titleSeasons,
    {
      schema: {
        tags,
        security,
        description: 'Adds a season to a TV show: the next number and `Season <n>` unless given.',
        params,
        body: CreateSeasonBodySchema,
        response: { 201: SuccessEnvelope(AdminSeasonSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(await seasons.createSeason(request.user!.id, request.params.id, request.body), M.seasonCreated),
        ),
  );

  api.put(
    AdminTitlesPaths.seasonOrder,
    {
      schema: {
        tags,
        security,
        description:
          "Renumbers the show's seasons 1, 2, 3... in the order given; `ids` lists every season once.",
        params,
        body: OrderBodySchema,
        response: { 200: SuccessEnvelope(z.array(AdminSeasonSchema)) },
      },
    },
    async (request) =>
      ok(
        await seasons.orderSeasons(request.user!.id, request.params.id, request.body.ids),
        M.seasonsReordered,
      ),
  );

  api.patch(
    AdminTitlesPaths.season,
    {
      schema: {
        tags,
        security,
        description: "Changes a season's number or name.",
        params,
        body: UpdateSeasonBodySchema,
        response: season,
      },
    },
    async (request) =>
      ok(await seasons.updateSeason(request.user!.id, request.params.id, request.body), M.seasonSaved),
  );

  api.delete(
    AdminTitlesPaths.season,
    {
      schema: {
        tags,
        security,
        description: "Deletes a season with its episodes, their videos and members' progress in them.",
        params,
        response: none,
      },
    },
    async (request) => {
      await seasons.deleteSeason(request.user!.id, request.params.id);
      return ok(null, M.seasonDeleted);
    },
  );

  api.post(
    AdminTitlesPaths.seasonEpisodes,
    {
      schema: {
        tags,
        security,
        description:
          'Adds an episode to a season: the next number unless given. Its video is uploaded in Media.',
        params,
        body: CreateEpisodeBodySchema,
        response: { 201: SuccessEnvelope(AdminEpisodeSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await seasons.createEpisode(request.user!.id, request.params.id, request.body),
            M.episodeCreated,
          ),
        ),
  );

  api.put(
    AdminTitlesPaths.episodeOrder,
    {
      schema: {
        tags,
        security,
        description:
          "Renumbers the season's episodes 1, 2, 3... in the order given; `ids` lists every episode once.",
        params,
        body: OrderBodySchema,
        response: { 200: SuccessEnvelope(z.array(AdminEpisodeSchema)) },
      },
    },
    async (request) =>
      ok(
        await seasons.orderEpisodes(request.user!.id, request.params.id, request.body.ids),
        M.episodesReordered,
      ),
  );

  api.patch(
    AdminTitlesPaths.episode,
    {
      schema: {
        tags,
        security,
        description: "Changes an episode's number, name, description or duration.",
        params,
        body: UpdateEpisodeBodySchema,
        response: episode,
      },
    },
    async (request) =>
      ok(await seasons.updateEpisode(request.user!.id, request.params.id, request.body), M.episodeSaved),
  );

  api.delete(
    AdminTitlesPaths.episode,
    {
      schema: {
        tags,
        security,
        description: "Deletes an episode with its videos and members' progress in it.",
        params,
        response: none,
      },
    },
    async (request) => {
      await seasons.deleteEpisode(request.user!.id, request.params.id);
      return ok(null, M.episodeDeleted);
    },
  );

  api.post(
    AdminTitlesPaths.episodeThumbnail,
    {
      config: {
        fileFields: {
          thumbnail:
            'The new thumbnail: a JPEG, PNG, WebP or GIF image of at most 10 MB, checked by its bytes.',
        },
      },
      schema: {
        tags,
        security,
        description: "Replaces an episode's thumbnail; the replaced file is deleted.",
        consumes: ['multipart/form-data'],
        params,
        body: TitleImagesBodySchema,
        response: episode,
      },
    },
    async (request) =>
      ok(
        await seasons.saveEpisodeThumbnail(
          request.user!.id,
          request.params.id,
          request.uploads.get('thumbnail'),
        ),
        M.imagesSaved,
      ),
  );
}

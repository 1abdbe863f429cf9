import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminTitleDetailSchema,
  AdminTitleListQuerySchema,
  AdminTitlePageSchema,
  AdminTitlesMessages,
  AdminTitlesPaths,
  BulkTitlesBodySchema,
  BulkTitlesResultSchema,
  CreateTitleBodySchema,
  IdParamsSchema,
  SuccessEnvelope,
  TitleImageFields,
  TitleImagesBodySchema,
  UpdateTitleBodySchema,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { adminSeasonsRoutes } from './admin-seasons.routes';
import { createAdminTitlesService } from './admin-titles.service';

const tags = ['admin'];
const security = [{ bearer: [] }];
const M = AdminTitlesMessages;
const IMAGE_FILE = 'a JPEG, PNG, WebP or GIF image of at most 10 MB, checked by its bytes';

/** The console's titles, seasons and episodes (admin scope). */
export async function adminTitlesRoutes(app: FastifyInstance): Promise<void> {
  const titles = createAdminTitlesService(app.ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const detail = { 200: SuccessEnvelope(AdminTitleDetailSchema) };

  api.get(
    AdminTitlesPaths.titles,
    {
      schema: {
        tags,
        security,
        description:
          'Every title, published or not: search by name, filter by type, genre, published and has_video, sort by name, release_date, created or views, one page at a time.',
        querystring: AdminTitleListQuerySchema,
        response: { 200: SuccessEnvelope(AdminTitlePageSchema) },
      },
    },
    async (request) => ok(await titles.list(request.query)),
  );

  api.post(
    AdminTitlesPaths.titles,
    {
      schema: {
        tags,
        security,
        description: 'Creates a title (a draft unless is_published is true) with its genres and cast.',
        body: CreateTitleBodySchema,
        response: { 201: SuccessEnvelope(AdminTitleDetailSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await titles.create(request.user!.id, request.body), M.created)),
  );

  api.post(
    AdminTitlesPaths.titlesBulk,
    {
      schema: {
        tags,
        security,
        description:
          'Publishes or unpublishes up to 100 titles at once; nothing changes when any id is unknown.',
        body: BulkTitlesBodySchema,
        response: { 200: SuccessEnvelope(BulkTitlesResultSchema) },
      },
    },
    async (request) => {
      const { ids, action } = request.body;
      const updated = await titles.bulk(request.user!.id, ids, action);
      return ok({ updated }, action === 'publish' ? M.bulkPublished(updated) : M.bulkUnpublished(updated));
    },
  );

  api.get(
    AdminTitlesPaths.title,
    {
      schema: {
        tags,
        security,
        description: 'The whole title: every field, genres, cast, seasons with episodes and video states.',
        params: IdParamsSchema,
        response: detail,
      },
    },
    async (request) => ok(await titles.detail(request.params.id)),
  );

  api.patch(
    AdminTitlesPaths.title,
    {
      schema: {
        tags,
        security,
        description:
          'Changes the fields sent; `genre_ids` and `cast` replace the lists. A show with seasons cannot become a movie, nor a movie with its own video a show.',
        params: IdParamsSchema,
        body: UpdateTitleBodySchema,
        response: detail,
      },
    },
    async (request) => {
      const body = request.body;
      const message =
        Object.keys(body).length === 1 && body.is_published !== undefined
          ? body.is_published
            ? M.published
            : M.unpublished
          : M.saved;
      return ok(await titles.update(request.user!.id, request.params.id, body), message);
    },
  );

  api.delete(
    AdminTitlesPaths.title,
    {
      schema: {
        tags,
        security,
        description:
          'Deletes the title with its seasons, episodes, videos and members’ state in it, then frees its images and video files.',
        params: IdParamsSchema,
        response: { 200: SuccessEnvelope(z.null()) },
      },
    },
    async (request) => {
      await titles.remove(request.user!.id, request.params.id);
      return ok(null, M.deleted);
    },
  );

  api.post(
    AdminTitlesPaths.titleImages,
    {
      config: {
        fileFields: {
          [TitleImageFields.poster]: `Optional new poster: ${IMAGE_FILE}.`,
          [TitleImageFields.thumbnail]: `Optional new thumbnail: ${IMAGE_FILE}.`,
        },
      },
      schema: {
        tags,
        security,
        description:
          'Replaces the poster and/or the thumbnail (at least one); the replaced files are deleted.',
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        body: TitleImagesBodySchema,
        response: detail,
      },
    },
    async (request) =>
      ok(
        await titles.saveImages(request.user!.id, request.params.id, {
          poster: request.uploads.get(TitleImageFields.poster),
          thumbnail: request.uploads.get(TitleImageFields.thumbnail),
        }),
        M.imagesSaved,
      ),
  );

  await app.register(adminSeasonsRoutes);
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminBannerSchema,
  AdminGenreSchema,
  AdminLibraryMessages as M,
  AdminLibraryPaths as Paths,
  AdminPeoplePageSchema,
  AdminPersonSchema,
  BannerBodySchema,
  BannerOrderBodySchema,
  BannerPatchSchema,
  GenreBodySchema,
  IdParamsSchema,
  NullDataEnvelopeSchema,
  PeopleQuerySchema,
  PersonBodySchema,
  SuccessEnvelope,
  TitleChoiceSchema,
  TitleChoicesQuerySchema,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { FORM_OR_JSON } from '../../plugins/content-types';
import { createBannersService } from './banners.service';
import { createGenresService } from './genres.service';
import { createPeopleService } from './people.service';

const security = [{ bearer: [] }];
const IMAGE_RULE = 'a JPEG, PNG, WebP or GIF image of at most 8 MB, checked by its bytes and re-encoded';

/** The console's genres, people and banners, and the submissions review (admin scope). */
export async function adminLibraryRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const genres = createGenresService(app.ctx);
  const people = createPeopleService(app.ctx);
  const banners = createBannersService(app.ctx);

  // ---- Genres ----
  {
    const tags = ['admin: genres'];
    api.get(
      Paths.genres,
      {
        schema: {
          tags,
          security,
          description: 'Every genre by name, with how many titles (published or not) carry it.',
          response: { 200: SuccessEnvelope(z.array(AdminGenreSchema)) },
        },
      },
      async () => ok(await genres.list()),
    );
    api.post(
      Paths.genres,
      {
        schema: {
          tags,
          security,
          description: 'Adds a genre. 409 when another genre has the same name in any case.',
          body: GenreBodySchema,
          response: { 201: SuccessEnvelope(AdminGenreSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(ok(await genres.create(request.user!.id, request.body.name), M.genreCreated)),
    );
    api.patch(
      Paths.genre,
      {
        schema: {
          tags,
          security,
          description: 'Renames a genre; members see the new name on their next load.',
          params: IdParamsSchema,
          body: GenreBodySchema,
          response: { 200: SuccessEnvelope(AdminGenreSchema) },
        },
      },
      async (request) =>
        ok(await genres.rename(request.user!.id, request.params.id, request.body.name), M.genreRenamed),
    );
    api.delete(
      Paths.genre,
      {
        schema: {
          tags,
          security,
          description: 'Deletes a genre no title carries; 409 names how many titles still do.',
          params: IdParamsSchema,
          response: { 200: NullDataEnvelopeSchema },
        },
      },
      async (request) => {
        await genres.delete(request.user!.id, request.params.id);
        return ok(null, M.genreDeleted);
      },
    );
  }

  // ---- People ----
  {
    const tags = ['admin: people'];
    const fileFields = {
      photo: `The photo (required to add a person, optional to replace it): ${IMAGE_RULE} to at most 800x800.`,
    };
    api.get(
      Paths.people,
      {
        schema: {
          tags,
          security,
          description:
            'People by name, one page at a time; `search` matches part of the name or address. Includes the private address, which only the console sees.',
          querystring: PeopleQuerySchema,
          response: { 200: SuccessEnvelope(AdminPeoplePageSchema) },
        },
      },
      async (request) => ok(await people.list(request.query)),
    );
    api.post(
      Paths.people,
      {
        config: { fileFields },
        schema: {
          tags,
          security,
          description: 'Adds a person with their photo (multipart) and an optional private address.',
          consumes: FORM_OR_JSON,
          body: PersonBodySchema,
          response: { 201: SuccessEnvelope(AdminPersonSchema) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            ok(
              await people.create(request.user!.id, request.body, request.uploads.get('photo')),
              M.personCreated,
            ),
          ),
    );
    api.patch(
      Paths.person,
      {
        config: { fileFields },
        schema: {
          tags,
          security,
          description:
            'Saves a person: name and address as sent (an empty address removes it), and a new photo when one is sent.',
          consumes: FORM_OR_JSON,
          params: IdParamsSchema,
          body: PersonBodySchema,
          response: { 200: SuccessEnvelope(AdminPersonSchema) },
        },
      },
      async (request) =>
        ok(
          await people.update(
            request.user!.id,
            request.params.id,
            request.body,
            request.uploads.get('photo'),
          ),
          M.personSaved,
        ),
    );
    api.delete(
      Paths.person,
      {
        schema: {
          tags,
          security,
          description:
            'Deletes a person cast in no title, and their photo; 409 names how many titles they are in.',
          params: IdParamsSchema,
          response: { 200: NullDataEnvelopeSchema },
        },
      },
      async (request) => {
        await people.delete(request.user!.id, request.params.id);
        return ok(null, M.personDeleted);
      },
    );
  }

  // ---- Banners ----
  {
    const tags = ['admin: banners'];
    api.get(
      Paths.banners,
      {
        schema: {
          tags,
          security,
          description:
            'Every banner in the order members see them. Members see only the active banners of published titles.',
          response: { 200: SuccessEnvelope(z.array(AdminBannerSchema)) },
        },
      },
      async () => ok(await banners.list()),
    );
    api.get(
      Paths.bannerTitleChoices,
      {
        schema: {
          tags,
          security,
          description: 'Up to 20 titles by name (matching `search` when given) that a banner may link to.',
          querystring: TitleChoicesQuerySchema,
          response: { 200: SuccessEnvelope(z.array(TitleChoiceSchema)) },
        },
      },
      async (request) => ok(await banners.titleChoices(request.query.search)),
    );
    api.post(
      Paths.banners,
      {
        config: { fileFields: { art: `Required: the banner art, ${IMAGE_RULE} to at most 1920x800.` } },
        schema: {
          tags,
          security,
          description:
            'Adds a banner after the last one (multipart, with its art). Active unless `is_active` is false.',
          consumes: FORM_OR_JSON,
          body: BannerBodySchema,
          response: { 201: SuccessEnvelope(AdminBannerSchema) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            ok(
              await banners.create(request.user!.id, request.body, request.uploads.get('art')),
              M.bannerCreated,
            ),
          ),
    );
    api.put(
      Paths.bannerOrder,
      {
        schema: {
          tags,
          security,
          description: 'Puts the banners in the order of `ids`, which must name every banner once.',
          body: BannerOrderBodySchema,
          response: { 200: SuccessEnvelope(z.array(AdminBannerSchema)) },
        },
      },
      async (request) => ok(await banners.reorder(request.user!.id, request.body.ids), M.bannersReordered),
    );
    api.patch(
      Paths.banner,
      {
        config: { fileFields: { art: `Optional new art: ${IMAGE_RULE} to at most 1920x800.` } },
        schema: {
          tags,
          security,
          description: 'Changes the title a banner links to, its art or whether it is active.',
          consumes: FORM_OR_JSON,
          params: IdParamsSchema,
          body: BannerPatchSchema,
          response: { 200: SuccessEnvelope(AdminBannerSchema) },
        },
      },
      async (request) =>
        ok(
          await banners.update(request.user!.id, request.params.id, request.body, request.uploads.get('art')),
          M.bannerSaved,
        ),
    );
    api.delete(
      Paths.banner,
      {
        schema: {
          tags,
          security,
          description: 'Deletes a banner and its art.',
          params: IdParamsSchema,
          response: { 200: NullDataEnvelopeSchema },
        },
      },
      async (request) => {
        await banners.delete(request.user!.id, request.params.id);
        return ok(null, M.bannerDeleted);
      },
    );
  }
}

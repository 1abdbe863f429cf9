import type { FastifyInstance } from 'fastify';
import {
  AdminBannersEndpoints,
  AdminGenresEndpoints,
  AdminLibraryMessages as M,
  AdminPeopleEndpoints,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { createBannersService } from './banners.service';
import { createGenresService } from './genres.service';
import { createPeopleService } from './people.service';

/** The console's genres, people and banners (admin scope). */
export async function adminLibraryRoutes(app: FastifyInstance): Promise<void> {
  const genres = createGenresService(app.ctx);
  const people = createPeopleService(app.ctx);
  const banners = createBannersService(app.ctx);

  registerEndpoints(app, AdminGenresEndpoints, {
    list: async () => ok(await genres.list()),
    create: async (request) => ok(await genres.create(request.user!.id, request.body.name), M.genreCreated),
    rename: async (request) =>
      ok(await genres.rename(request.user!.id, request.params.id, request.body.name), M.genreRenamed),
    remove: async (request) => {
      await genres.delete(request.user!.id, request.params.id);
      return ok(null, M.genreDeleted);
    },
  });

  registerEndpoints(app, AdminPeopleEndpoints, {
    list: async (request) => ok(await people.list(request.query)),
    create: async (request) =>
      ok(await people.create(request.user!.id, request.body, request.uploads.get('photo')), M.personCreated),
    update: async (request) =>
      ok(
        await people.update(request.user!.id, request.params.id, request.body, request.uploads.get('photo')),
        M.personSaved,
      ),
    remove: async (request) => {
      await people.delete(request.user!.id, request.params.id);
      return ok(null, M.personDeleted);
    },
  });

  registerEndpoints(app, AdminBannersEndpoints, {
    list: async () => ok(await banners.list()),
    titleChoices: async (request) => ok(await banners.titleChoices(request.query.search)),
    create: async (request) =>
      ok(await banners.create(request.user!.id, request.body, request.uploads.get('art')), M.bannerCreated),
    reorder: async (request) =>
      ok(await banners.reorder(request.user!.id, request.body.ids), M.bannersReordered),
    update: async (request) =>
      ok(
        await banners.update(request.user!.id, request.params.id, request.body, request.uploads.get('art')),
        M.bannerSaved,
      ),
    remove: async (request) => {
      await banners.delete(request.user!.id, request.params.id);
      return ok(null, M.bannerDeleted);
    },
  });
}

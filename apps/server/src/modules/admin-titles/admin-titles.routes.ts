import type { FastifyInstance } from 'fastify';
import { AdminTitlesEndpoints, AdminTitlesMessages, TitleImageFields } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { adminSeasonsRoutes } from './admin-seasons.routes';
import { createAdminTitlesService } from './admin-titles.service';

const M = AdminTitlesMessages;

/** The console's titles, seasons and episodes (admin scope). */
export async function adminTitlesRoutes(app: FastifyInstance): Promise<void> {
  const titles = createAdminTitlesService(app.ctx);

  registerEndpoints(app, AdminTitlesEndpoints, {
    list: async (request) => ok(await titles.list(request.query)),
    create: async (request) => ok(await titles.create(request.user!.id, request.body), M.created),
    bulk: async (request) => {
      const { ids, action } = request.body;
      const updated = await titles.bulk(request.user!.id, ids, action);
      return ok({ updated }, action === 'publish' ? M.bulkPublished(updated) : M.bulkUnpublished(updated));
    },
    detail: async (request) => ok(await titles.detail(request.params.id)),
    update: async (request) => {
      const body = request.body;
      const message =
        Object.keys(body).length === 1 && body.is_published !== undefined
          ? body.is_published
            ? M.published
            : M.unpublished
          : M.saved;
      return ok(await titles.update(request.user!.id, request.params.id, body), message);
    },
    remove: async (request) => {
      await titles.remove(request.user!.id, request.params.id);
      return ok(null, M.deleted);
    },
    saveImages: async (request) =>
      ok(
        await titles.saveImages(request.user!.id, request.params.id, {
          poster: request.uploads.get(TitleImageFields.poster),
          thumbnail: request.uploads.get(TitleImageFields.thumbnail),
        }),
        M.imagesSaved,
      ),
  });

  await app.register(adminSeasonsRoutes);
}

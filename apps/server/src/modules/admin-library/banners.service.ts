import {
  AdminLibraryMessages as M,
  type AdminBanner,
  type BannerBodySchema,
  type BannerPatchSchema,
  type TitleChoice,
} from '@reeltime/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { NotFound, Validation } from '../../lib/errors';
import { auditActor, recordAudit, type AuditEntry } from '../audit/audit';
import { invalidateCatalog } from '../catalog/catalog-invalidation';
import { createBannersRepository, type BannerRow } from '../titles/banners.repository';
import { createTitlesRepository } from '../titles/titles.repository';
import { BANNER_ART, deleteImagesQuietly, saveLibraryImage, type UploadedImage } from './library-images';

type BannerFields = z.output<typeof BannerBodySchema>;
type BannerPatch = z.output<typeof BannerPatchSchema>;
type Repo = ReturnType<typeof createBannersRepository>;
type Actor = AuditEntry['actor'];

const TITLE_CHOICES = 20;

const toAdminBanner = (row: BannerRow): AdminBanner => ({
  id: row.id,
  title_id: row.title_id,
  title_name: row.title_name,
  title_published: Number(row.title_published) === 1,
  poster_url: row.poster_url,
  position: row.position,
  is_active: Number(row.is_active) === 1,
});

const audited = (row: Pick<BannerRow, 'title_id' | 'poster_url' | 'is_active'> & { position?: number }) => ({
  title_id: row.title_id,
  poster_url: row.poster_url,
  is_active: Number(row.is_active) === 1,
  ...(row.position === undefined ? {} : { position: row.position }),
});

const titleMissing = () => new Validation(M.bannerTitleNotFound, { title_id: [M.bannerTitleNotFound] });

/**
 * The browse page's hero banners: art, the title they open, their order and whether they show.
 * Members see the active banners of published titles, in order; every change reaches them on
 * their next load.
 */
export function createBannersService(ctx: AppContext) {
  async function write<T>(
    adminId: number,
    newArt: string | undefined,
    change: (repo: Repo, trx: AppContext['db'], actor: Actor) => Promise<T>,
  ): Promise<T> {
    try {
      const result = await ctx.db
        .transaction()
        .execute(async (trx) => change(createBannersRepository(trx), trx, await auditActor(trx, adminId)));
      await invalidateCatalog(ctx.cache);
      return result;
    } catch (error) {
      if (newArt) await deleteImagesQuietly(ctx.images, [newArt], ctx.log);
      throw error;
    }
  }

  return {
    list: async (): Promise<AdminBanner[]> =>
      (await createBannersRepository(ctx.db).list()).map(toAdminBanner),

    titleChoices: async (search: string | undefined): Promise<TitleChoice[]> =>
      (await createTitlesRepository(ctx.db, ctx.dialect).choices(search, TITLE_CHOICES)).map((row) => ({
        id: row.id,
        name: row.name,
        type: row.type,
        is_published: Number(row.is_published) === 1,
      })),

    async create(
      adminId: number,
      fields: BannerFields,
      art: UploadedImage | undefined,
    ): Promise<AdminBanner> {
      if (!art) throw new Validation(M.bannerArtRequired, { art: [M.bannerArtRequired] });
      const titleId = fields.title_id;
      if (!(await createTitlesRepository(ctx.db, ctx.dialect).exists(titleId))) throw titleMissing();
      const artUrl = await saveLibraryImage(ctx.images, art, BANNER_ART);
      return write(adminId, artUrl, async (repo, trx, actor) => {
        if (!(await createTitlesRepository(trx, ctx.dialect).exists(titleId))) throw titleMissing();
        const banner = {
          title_id: titleId,
          poster_url: artUrl,
          is_active: fields.is_active === false ? 0 : 1,
        };
        const id = await repo.insert(banner);
        const created = (await repo.find(id))!;
        await recordAudit(trx, {
          actor,
          action: 'banner.create',
          entityType: 'banner',
          entityId: id,
          after: audited(created),
        });
        return toAdminBanner(created);
      });
    },

    async update(
      adminId: number,
      id: number,
      patch: BannerPatch,
      art: UploadedImage | undefined,
    ): Promise<AdminBanner> {
      const repo = createBannersRepository(ctx.db);
      const titles = createTitlesRepository(ctx.db, ctx.dialect);
      if (!(await repo.find(id))) throw new NotFound(M.bannerNotFound);
      if (patch.title_id !== undefined && !(await titles.exists(patch.title_id))) throw titleMissing();
      const artUrl = art ? await saveLibraryImage(ctx.images, art, BANNER_ART) : undefined;
      const { before, after } = await write(adminId, artUrl, async (trxRepo, trx, actor) => {
        const current = await trxRepo.find(id);
        if (!current) throw new NotFound(M.bannerNotFound);
        if (
          patch.title_id !== undefined &&
          !(await createTitlesRepository(trx, ctx.dialect).exists(patch.title_id))
        )
          throw titleMissing();
        const changes = {
          title_id: patch.title_id ?? current.title_id,
          poster_url: artUrl ?? current.poster_url,
          is_active: patch.is_active === undefined ? current.is_active : patch.is_active ? 1 : 0,
        };
        await trxRepo.update(id, changes);
        const updated = (await trxRepo.find(id))!;
        await recordAudit(trx, {
          actor,
          action: 'banner.update',
          entityType: 'banner',
          entityId: id,
          before: audited(current),
          after: audited(updated),
        });
        return { before: current, after: updated };
      });
      if (before.poster_url !== after.poster_url) {
        await deleteImagesQuietly(ctx.images, [before.poster_url], ctx.log);
      }
      return toAdminBanner(after);
    },

    /** `ids` must name every banner once; positions become 0, 1, 2… in that order. */
    reorder: (adminId: number, ids: number[]): Promise<AdminBanner[]> =>
      write(adminId, undefined, async (repo, trx, actor) => {
        const current = await repo.list();
        const known = new Set(current.map((banner) => banner.id));
        if (
          ids.length !== known.size ||
          new Set(ids).size !== ids.length ||
          ids.some((id) => !known.has(id))
        ) {
          throw new Validation(M.bannerOrderMismatch, { ids: [M.bannerOrderMismatch] });
        }
        for (const [position, id] of ids.entries()) await repo.setPosition(id, position);
        await recordAudit(trx, {
          actor,
          action: 'banner.reorder',
          entityType: 'banner',
          entityId: null,
          before: current.map((banner) => banner.id),
          after: ids,
        });
        return (await repo.list()).map(toAdminBanner);
      }),

    async delete(adminId: number, id: number): Promise<void> {
      const removed = await write(adminId, undefined, async (repo, trx, actor) => {
        const banner = await repo.find(id);
        if (!banner) throw new NotFound(M.bannerNotFound);
        await repo.delete(id);
        await recordAudit(trx, {
          actor,
          action: 'banner.delete',
          entityType: 'banner',
          entityId: id,
          before: audited(banner),
        });
        return banner;
      });
      await deleteImagesQuietly(ctx.images, [removed.poster_url], ctx.log);
    },
  };
}

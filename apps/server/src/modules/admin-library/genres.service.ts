import { AdminLibraryMessages as M, type AdminGenre } from '@reeltime/contract';
import type { AppContext } from '../../context';
import { Conflict, NotFound } from '../../lib/errors';
import { auditActor, recordAudit, type AuditEntry } from '../audit/audit';
import { invalidateCatalog } from '../catalog/catalog-invalidation';
import { createGenresRepository, type GenreRow } from '../titles/genres.repository';
import { isUniqueViolation } from './unique-violation';

const nameTaken = () => new Conflict(M.genreNameTaken);

/**
 * Genres are listed by name on the site, so they have no order of their own. A genre still
 * carried by a title is not deleted: the operator removes it from those titles first.
 */
export function createGenresService(ctx: AppContext) {
  /** Runs a change with its audit entry in one transaction, then lets members see it. */
  async function write<T>(
    adminId: number,
    change: (
      repo: ReturnType<typeof createGenresRepository>,
      actor: AuditEntry['actor'],
      trx: AppContext['db'],
    ) => Promise<T>,
  ): Promise<T> {
    try {
      const result = await ctx.db
        .transaction()
        .execute(async (trx) => change(createGenresRepository(trx), await auditActor(trx, adminId), trx));
      await invalidateCatalog(ctx.cache);
      return result;
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  return {
    list: (): Promise<AdminGenre[]> => createGenresRepository(ctx.db).list(),

    create: (adminId: number, name: string): Promise<AdminGenre> =>
      write(adminId, async (repo, actor, trx) => {
        if (await repo.findByName(name)) throw nameTaken();
        const id = await repo.insert(name);
        const created = (await repo.find(id)) as GenreRow;
        await recordAudit(trx, {
          actor,
          action: 'genre.create',
          entityType: 'genre',
          entityId: id,
          after: { name },
        });
        return created;
      }),

    rename: (adminId: number, id: number, name: string): Promise<AdminGenre> =>
      write(adminId, async (repo, actor, trx) => {
        const before = await repo.find(id);
        if (!before) throw new NotFound(M.genreNotFound);
        if (await repo.findByName(name, id)) throw nameTaken();
        await repo.rename(id, name);
        await recordAudit(trx, {
          actor,
          action: 'genre.update',
          entityType: 'genre',
          entityId: id,
          before: { name: before.name },
          after: { name },
        });
        return { ...before, name };
      }),

    delete: (adminId: number, id: number): Promise<void> =>
      write(adminId, async (repo, actor, trx) => {
        const genre = await repo.find(id);
        if (!genre) throw new NotFound(M.genreNotFound);
        if (genre.title_count > 0) throw new Conflict(M.genreInUse(genre.title_count));
        await repo.delete(id);
        await recordAudit(trx, {
          actor,
          action: 'genre.delete',
          entityType: 'genre',
          entityId: id,
          before: { name: genre.name },
        });
      }),
  };
}

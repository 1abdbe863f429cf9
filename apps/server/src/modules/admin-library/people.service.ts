import {
  AdminLibraryMessages as M,
  PersonBodySchema,
  type AdminPeoplePage,
  type AdminPerson,
  type PeopleQuerySchema,
} from '@reeltime/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { Conflict, NotFound, Validation } from '../../lib/errors';
import { toPage } from '../../lib/page';
import { auditActor, recordAudit, type AuditEntry } from '../audit/audit';
import { invalidateCatalog } from '../catalog/catalog-invalidation';
import { deleteImagesQuietly, PERSON_PHOTO, saveLibraryImage, type UploadedImage } from './library-images';
import { createPeopleRepository, type PersonRow } from '../people/people.repository';

type PersonFields = z.output<typeof PersonBodySchema>;
type PeopleQuery = z.output<typeof PeopleQuerySchema>;

export const toAdminPerson = (row: PersonRow): AdminPerson => ({
  id: row.id,
  name: row.name,
  profile_image: row.profile_image,
  email: row.email,
  has_email: Boolean(row.email),
  title_count: row.title_count,
});

/** What the audit log keeps of a person. */
const audited = (row: Pick<PersonRow, 'name' | 'email' | 'profile_image'>) => ({
  name: row.name,
  email: row.email,
  profile_image: row.profile_image,
});

/**
 * People of the cast: a photo checked by its bytes, and a private address that only this console
 * and the server's mail ever read. A person still cast in a title is not deleted.
 */
export function createPeopleService(ctx: AppContext) {
  /** Runs a change with its audit entry; a photo stored for it is deleted again if it fails. */
  async function write<T>(
    adminId: number,
    newPhoto: string | undefined,
    change: (
      repo: ReturnType<typeof createPeopleRepository>,
      trx: AppContext['db'],
      actor: AuditEntry['actor'],
    ) => Promise<T>,
  ): Promise<T> {
    try {
      const result = await ctx.db
        .transaction()
        .execute(async (trx) => change(createPeopleRepository(trx), trx, await auditActor(trx, adminId)));
      await invalidateCatalog(ctx.cache);
      return result;
    } catch (error) {
      if (newPhoto) await deleteImagesQuietly(ctx.images, [newPhoto], ctx.log);
      throw error;
    }
  }

  return {
    async list(query: PeopleQuery): Promise<AdminPeoplePage> {
      const { rows, total } = await createPeopleRepository(ctx.db).page(query.search, toPage(query));
      return { items: rows.map(toAdminPerson), total, page: query.page, per_page: query.per_page };
    },

    async create(
      adminId: number,
      fields: PersonFields,
      photo: UploadedImage | undefined,
    ): Promise<AdminPerson> {
      // The site shows every cast member's photo, as a submission's cast has one each.
      if (!photo) throw new Validation(M.personPhotoRequired, { photo: [M.personPhotoRequired] });
      const photoUrl = await saveLibraryImage(ctx.images, photo, PERSON_PHOTO);
      return write(adminId, photoUrl, async (repo, trx, actor) => {
        const person = { name: fields.name, email: fields.email ?? null, profile_image: photoUrl };
        const id = await repo.insert(person);
        await recordAudit(trx, {
          actor,
          action: 'person.create',
          entityType: 'person',
          entityId: id,
          after: audited(person),
        });
        return toAdminPerson({ id, ...person, title_count: 0 });
      });
    },

    async update(
      adminId: number,
      id: number,
      fields: PersonFields,
      photo: UploadedImage | undefined,
    ): Promise<AdminPerson> {
      if (!(await createPeopleRepository(ctx.db).find(id))) throw new NotFound(M.personNotFound);
      const photoUrl = photo ? await saveLibraryImage(ctx.images, photo, PERSON_PHOTO) : undefined;
      const { before, after } = await write(adminId, photoUrl, async (repo, trx, actor) => {
        const current = await repo.find(id);
        if (!current) throw new NotFound(M.personNotFound);
        const changes = {
          name: fields.name,
          email: fields.email ?? null,
          profile_image: photoUrl ?? current.profile_image,
        };
        await repo.update(id, changes);
        await recordAudit(trx, {
          actor,
          action: 'person.update',
          entityType: 'person',
          entityId: id,
          before: audited(current),
          after: audited(changes),
        });
        return { before: current, after: { ...current, ...changes } };
      });
      // Only once the row points elsewhere.
      if (before.profile_image !== after.profile_image) {
        await deleteImagesQuietly(ctx.images, [before.profile_image], ctx.log);
      }
      return toAdminPerson(after);
    },

    async delete(adminId: number, id: number): Promise<void> {
      const removed = await write(adminId, undefined, async (repo, trx, actor) => {
        const person = await repo.find(id);
        if (!person) throw new NotFound(M.personNotFound);
        if (person.title_count > 0) throw new Conflict(M.personInUse(person.title_count));
        await repo.delete(id);
        await recordAudit(trx, {
          actor,
          action: 'person.delete',
          entityType: 'person',
          entityId: id,
          before: audited(person),
        });
        return person;
      });
      await deleteImagesQuietly(ctx.images, [removed.profile_image], ctx.log);
    },
  };
}

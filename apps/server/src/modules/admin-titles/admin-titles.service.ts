import {
  AdminTitleLimits,
  AdminTitlesMessages,
  type AdminTitleDetail,
  type AdminTitlePage,
  type CreateTitle,
  type TitleCastEntry,
  type TitleSort,
  type UpdateTitle,
} from '@reeltime/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import type { TitleRow } from '../../db/database';
import { NotFound, PayloadTooLarge, Validation } from '../../lib/errors';
import { toPage } from '../../lib/page';
import type { UploadedFile } from '../../plugins/upload-spool';
import { auditActor, recordAudit } from '../audit/audit';
import { invalidateCatalog } from '../catalog/catalog-invalidation';
import { createPeopleRepository } from '../people/people.repository';
import { createPlaybackRepository } from '../playback/playback.repository';
import { createGenresRepository } from '../titles/genres.repository';
import { titleFields } from '../titles/title-fields';
import { widthsColumn } from '../titles/thumbnail-sources';
import { createTitlesRepository, type TitleFilter, type TitlesRepository } from '../titles/titles.repository';
import { createTitleFiles } from './title-files';
import { createTitleReads } from './title-reads';

const M = AdminTitlesMessages;

/** Posters are portrait, thumbnails landscape; both are stored at most this size (2x the largest display). */
export const POSTER_SIZE = { width: 800, height: 1200 };
export const THUMBNAIL_SIZE = { width: 1280, height: 720 };
const TITLE_IMAGES_FOLDER = 'titles';

export interface TitleListInput {
  page: number;
  per_page: number;
  search?: string | undefined;
  type?: 'movie' | 'tvshow' | undefined;
  genre_id?: number | undefined;
  published?: boolean | undefined;
  has_video?: boolean | undefined;
  sort: TitleSort;
  order: 'asc' | 'desc';
}

/** What the audit log keeps of a title: its own fields, its genres and its cast in order. */
async function snapshot(repo: TitlesRepository, row: TitleRow) {
  const [genres, cast] = await Promise.all([repo.genresOf([row.id]), repo.castOf(row.id)]);
  return {
    ...titleFields(row),
    genre_ids: genres.map((genre) => genre.id),
    cast: cast.map((entry) => ({ person_id: entry.person_id, job_title: entry.job_title })),
  };
}

/** Refuses genres and people that do not exist, naming the field of each. */
async function checkReferences(
  db: Db,
  fields: { genre_ids?: number[] | undefined; cast?: TitleCastEntry[] | undefined },
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (fields.genre_ids) {
    const known = await createGenresRepository(db).existingIds(fields.genre_ids);
    if (fields.genre_ids.some((id) => !known.has(id))) errors.genre_ids = [M.genreUnknown];
  }
  if (fields.cast) {
    const known = await createPeopleRepository(db).existingIds(fields.cast.map((entry) => entry.person_id));
    fields.cast.forEach((entry, index) => {
      if (!known.has(entry.person_id)) errors[`cast.${index}.person_id`] = [M.personUnknown];
    });
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new Validation(first, errors);
}

/** The trailer columns of a trailer field: none keeps the stored link type, with an empty URL. */
function trailerColumns(trailer: CreateTitle['trailer'], current?: TitleRow) {
  if (trailer === undefined) return {};
  if (trailer === null) return { trailer_url: '', trailer_url_type: current?.trailer_url_type ?? 'youtube' };
  return { trailer_url: trailer.url, trailer_url_type: trailer.type };
}

const unique = (ids: readonly number[]) => [...new Set(ids)];
const flag = (value: boolean) => (value ? 1 : 0);

export function createAdminTitlesService(ctx: AppContext) {
  const repo = createTitlesRepository(ctx.db, ctx.dialect);
  const reads = createTitleReads(repo);
  const files = createTitleFiles(ctx);

  async function detailOrThrow(id: number): Promise<AdminTitleDetail> {
    const detail = await reads.detail(id);
    if (!detail) throw new NotFound(M.titleNotFound);
    return detail;
  }

  /** Runs a change and its audit entry in one transaction, then tells members' caches. */
  async function write<T>(change: (trx: Db) => Promise<T>): Promise<T> {
    const result = await ctx.db.transaction().execute(change);
    await invalidateCatalog(ctx.cache);
    return result;
  }

  return {
    async list(query: TitleListInput): Promise<AdminTitlePage> {
      const filter: TitleFilter = {
        search: query.search || undefined,
        type: query.type,
        genreId: query.genre_id,
        published: query.published,
        hasVideo: query.has_video,
      };
      const page = toPage(query);
      const { rows, total } = await repo.list(filter, { sort: query.sort, order: query.order }, page);
      return reads.page(rows, total, page);
    },

    detail: detailOrThrow,

    async create(userId: number, body: CreateTitle): Promise<AdminTitleDetail> {
      const actor = await auditActor(ctx.db, userId);
      const now = Date.now();
      const id = await write(async (trx) => {
        const trxRepo = createTitlesRepository(trx, ctx.dialect);
        await checkReferences(trx, body);
        const titleId = await trxRepo.insertTitle({
          type: body.type,
          name: body.name,
          description: body.description ?? '',
          release_date: body.release_date ?? null,
          language: body.language ?? '',
          duration_minutes: body.duration_minutes ?? null,
          content_rating: body.content_rating ?? '',
          imdb_rating: body.imdb_rating ?? 0,
          poster_image: '',
          thumbnail_image: '',
          trailer_url: '',
          trailer_url_type: 'youtube',
          ...trailerColumns(body.trailer),
          is_free: flag(body.is_free ?? false),
          is_published: flag(body.is_published ?? false),
          like_count: 0,
          view_count: 0,
          created_at: now,
          updated_at: now,
        });
        await trxRepo.replaceGenres(titleId, unique(body.genre_ids ?? []));
        await trxRepo.replaceCast(titleId, body.cast ?? []);
        const row = (await trxRepo.findTitle(titleId))!;
        await recordAudit(trx, {
          actor,
          action: 'title.create',
          entityType: 'title',
          entityId: titleId,
          after: await snapshot(trxRepo, row),
        });
        return titleId;
      });
      return detailOrThrow(id);
    },

    async update(userId: number, id: number, body: UpdateTitle): Promise<AdminTitleDetail> {
      const actor = await auditActor(ctx.db, userId);
      await write(async (trx) => {
        const trxRepo = createTitlesRepository(trx, ctx.dialect);
        const current = await trxRepo.findTitle(id);
        if (!current) throw new NotFound(M.titleNotFound);
        await checkReferences(trx, body);
        if (body.type && body.type !== current.type) await checkTypeChange(trxRepo, current, body.type);
        const before = await snapshot(trxRepo, current);
        await trxRepo.updateTitle(id, {
          ...(body.type !== undefined ? { type: body.type } : {}),
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.release_date !== undefined ? { release_date: body.release_date } : {}),
          ...(body.language !== undefined ? { language: body.language } : {}),
          ...(body.duration_minutes !== undefined ? { duration_minutes: body.duration_minutes } : {}),
          ...(body.imdb_rating !== undefined ? { imdb_rating: body.imdb_rating } : {}),
          ...(body.content_rating !== undefined ? { content_rating: body.content_rating } : {}),
          ...(body.is_free !== undefined ? { is_free: flag(body.is_free) } : {}),
          ...(body.is_published !== undefined ? { is_published: flag(body.is_published) } : {}),
          ...trailerColumns(body.trailer, current),
          updated_at: Date.now(),
        });
        if (body.genre_ids) await trxRepo.replaceGenres(id, unique(body.genre_ids));
        if (body.cast) await trxRepo.replaceCast(id, body.cast);
        const after = await snapshot(trxRepo, (await trxRepo.findTitle(id))!);
        await recordAudit(trx, {
          actor,
          action: 'title.update',
          entityType: 'title',
          entityId: id,
          before,
          after,
        });
      });
      return detailOrThrow(id);
    },

    /** Deletes the title with its seasons, episodes, videos and member state, then frees its files. */
    async remove(userId: number, id: number): Promise<void> {
      const actor = await auditActor(ctx.db, userId);
      const freed = await write(async (trx) => {
        const trxRepo = createTitlesRepository(trx, ctx.dialect);
        const current = await trxRepo.findTitle(id);
        if (!current) throw new NotFound(M.titleNotFound);
        const before = await snapshot(trxRepo, current);
        const videos = await trxRepo.videosOfTitle(id);
        const seasons = await trxRepo.seasonsOf(id);
        const episodes = await trxRepo.episodesOfSeasons(seasons.map((season) => season.id));
        const episodeIds = episodes.map((episode) => episode.id);
        await createPlaybackRepository(trx).deleteProgressInEpisodes(episodeIds);
        await trxRepo.deleteTitle(id);
        await recordAudit(trx, { actor, action: 'title.delete', entityType: 'title', entityId: id, before });
        return {
          videos,
          images: [
            current.poster_image,
            current.thumbnail_image,
            ...episodes.map((episode) => episode.thumbnail_image),
          ],
        };
      });
      await files.free(freed.videos, freed.images);
    },

    /** Stores a new poster and/or thumbnail (checked by their bytes) and frees the ones they replace. */
    async saveImages(
      userId: number,
      id: number,
      uploads: { poster?: UploadedFile | undefined; thumbnail?: UploadedFile | undefined },
    ): Promise<AdminTitleDetail> {
      if (!uploads.poster && !uploads.thumbnail) {
        throw new Validation(M.imageRequired, { poster: [M.imageRequired], thumbnail: [M.imageRequired] });
      }
      for (const upload of [uploads.poster, uploads.thumbnail]) {
        if (upload && upload.size > AdminTitleLimits.imageBytes) throw new PayloadTooLarge(M.imageTooLarge);
      }
      if (!(await repo.findTitle(id))) throw new NotFound(M.titleNotFound);
      const actor = await auditActor(ctx.db, userId);
      const stored: string[] = [];
      let poster: string | undefined;
      let thumbnail: { url: string; widths: number[] } | undefined;
      let replaced: string[];
      try {
        if (uploads.poster) {
          poster = await ctx.images.saveImage(uploads.poster.path, TITLE_IMAGES_FOLDER, POSTER_SIZE);
          stored.push(poster);
        }
        if (uploads.thumbnail) {
          // Cards draw the thumbnail: its smaller copies are made with it, for their srcset.
          thumbnail = await ctx.images.saveImageWithVariants(
            uploads.thumbnail.path,
            TITLE_IMAGES_FOLDER,
            THUMBNAIL_SIZE,
          );
          stored.push(thumbnail.url);
        }
        replaced = await write(async (trx) => {
          const trxRepo = createTitlesRepository(trx, ctx.dialect);
          const current = await trxRepo.findTitle(id);
          if (!current) throw new NotFound(M.titleNotFound);
          await trxRepo.updateTitle(id, {
            ...(poster ? { poster_image: poster } : {}),
            ...(thumbnail
              ? { thumbnail_image: thumbnail.url, thumbnail_widths: widthsColumn(thumbnail.widths) }
              : {}),
            updated_at: Date.now(),
          });
          await recordAudit(trx, {
            actor,
            action: 'title.images',
            entityType: 'title',
            entityId: id,
            before: { poster_image: current.poster_image, thumbnail_image: current.thumbnail_image },
            after: {
              poster_image: poster ?? current.poster_image,
              thumbnail_image: thumbnail?.url ?? current.thumbnail_image,
            },
          });
          return [poster ? current.poster_image : '', thumbnail ? current.thumbnail_image : ''].filter(
            Boolean,
          );
        });
      } catch (error) {
        await Promise.all(stored.map((url) => ctx.images.deleteImage(url).catch(() => undefined)));
        throw error;
      }
      await files.freeImages(replaced);
      return detailOrThrow(id);
    },

    /** Publishes or unpublishes every title of `ids`, or none when any is unknown. */
    async bulk(userId: number, ids: number[], action: 'publish' | 'unpublish'): Promise<number> {
      const actor = await auditActor(ctx.db, userId);
      const wanted = unique(ids);
      return write(async (trx) => {
        const trxRepo = createTitlesRepository(trx, ctx.dialect);
        const known = await trxRepo.existingTitleIds(wanted);
        if (known.size !== wanted.length) {
          throw new Validation(M.bulkUnknownTitles, { ids: [M.bulkUnknownTitles] });
        }
        const published = action === 'publish';
        const before = await trxRepo.publishedStates(wanted);
        const changing = before
          .filter((row) => (Number(row.is_published) === 1) !== published)
          .map((row) => row.id);
        if (changing.length > 0) await trxRepo.setPublished(changing, published, Date.now());
        for (const titleId of changing) {
          await recordAudit(trx, {
            actor,
            action: `title.${action}`,
            entityType: 'title',
            entityId: titleId,
            before: { is_published: !published },
            after: { is_published: published },
          });
        }
        return changing.length;
      });
    },
  };
}
export type AdminTitlesService = ReturnType<typeof createAdminTitlesService>;

/** A show with seasons stays a show; a movie with its own video stays a movie. */
async function checkTypeChange(
  repo: TitlesRepository,
  current: TitleRow,
  type: 'movie' | 'tvshow',
): Promise<void> {
  if (type === 'movie' && (await repo.seasonsOf(current.id)).length > 0) {
    throw new Validation(M.showHasSeasons, { type: [M.showHasSeasons] });
  }
  if (type === 'tvshow') {
    const own = (await repo.mainVideosOf([current.id])).filter((video) => video.episode_id === null);
    if (own.length > 0) throw new Validation(M.movieHasVideo, { type: [M.movieHasVideo] });
  }
}

import {
  AdminTitleLimits,
  AdminTitlesMessages,
  type AdminEpisode,
  type AdminSeason,
} from '@reeltime/contract';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import type { EpisodesTable, SeasonsTable } from '../../db/database';
import { NotFound, PayloadTooLarge, Validation } from '../../lib/errors';
import type { UploadedFile } from '../../plugins/upload-spool';
import { auditActor, recordAudit } from '../audit/audit';
import { invalidateCatalog } from '../catalog/catalog-invalidation';
import { createPlaybackRepository } from '../playback/playback.repository';
import { createTitlesRepository, type TitlesRepository } from '../titles/titles.repository';
import { THUMBNAIL_SIZE } from './admin-titles.service';
import { createTitleFiles } from './title-files';
import { createTitleReads } from './title-reads';

const M = AdminTitlesMessages;
const EPISODE_IMAGES_FOLDER = 'episodes';
const defaultSeasonName = (number: number) => `Season ${number}`;

interface SeasonFields {
  season_number?: number | undefined;
  name?: string | undefined;
}

interface EpisodeFields {
  episode_number?: number | undefined;
  name?: string | undefined;
  description?: string | undefined;
  duration_minutes?: number | null | undefined;
}

const seasonAudit = (row: Selectable<SeasonsTable>) => ({
  title_id: row.title_id,
  season_number: row.season_number,
  name: row.name,
});

const episodeAudit = (row: Selectable<EpisodesTable>) => ({
  season_id: row.season_id,
  episode_number: row.episode_number,
  name: row.name,
  description: row.description,
  duration_minutes: row.duration_minutes,
  thumbnail_image: row.thumbnail_image,
});

/** Only the fields that were sent, so an edit never blanks what it did not name. */
function given<T extends object>(fields: T): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<{
    [K in keyof T]: Exclude<T[K], undefined>;
  }>;
}

/** The given ids are exactly the current ones, in some order. */
function sameMembers(given: readonly number[], current: readonly number[]): boolean {
  const known = new Set(current);
  return given.length === current.length && given.every((id) => known.has(id));
}

/** Seasons and episodes of TV shows: each write in one transaction with its audit entry, then the catalog is told. */
export function createAdminSeasonsService(ctx: AppContext) {
  const repo = createTitlesRepository(ctx.db, ctx.dialect);
  const reads = createTitleReads(repo);
  const files = createTitleFiles(ctx);

  async function write<T>(
    userId: number,
    change: (trx: TitlesRepository, db: Db, actor: Actor) => Promise<T>,
  ) {
    const actor = await auditActor(ctx.db, userId);
    const result = await ctx.db
      .transaction()
      .execute((trx) => change(createTitlesRepository(trx, ctx.dialect), trx, actor));
    await invalidateCatalog(ctx.cache);
    return result;
  }
  type Actor = Awaited<ReturnType<typeof auditActor>>;

  async function showOrThrow(trx: TitlesRepository, titleId: number) {
    const title = await trx.findTitle(titleId);
    if (!title) throw new NotFound(M.titleNotFound);
    if (title.type !== 'tvshow')
      throw new Validation(M.seasonsOnlyForShows, { type: [M.seasonsOnlyForShows] });
    return title;
  }

  async function seasonOrThrow(trx: TitlesRepository, seasonId: number) {
    const season = await trx.findSeason(seasonId);
    if (!season) throw new NotFound(M.seasonNotFound);
    return season;
  }

  async function episodeOrThrow(trx: TitlesRepository, episodeId: number) {
    const episode = await trx.findEpisode(episodeId);
    if (!episode) throw new NotFound(M.episodeNotFound);
    return episode;
  }

  const seasonView = async (id: number): Promise<AdminSeason> => {
    const season = await reads.season(id);
    if (!season) throw new NotFound(M.seasonNotFound);
    return season;
  };
  const episodeView = async (id: number): Promise<AdminEpisode> => {
    const episode = await reads.episode(id);
    if (!episode) throw new NotFound(M.episodeNotFound);
    return episode;
  };

  return {
    async createSeason(userId: number, titleId: number, fields: SeasonFields): Promise<AdminSeason> {
      const id = await write(userId, async (trx, db, actor) => {
        await showOrThrow(trx, titleId);
        const number = fields.season_number ?? (await trx.nextSeasonNumber(titleId));
        if (number > AdminTitleLimits.seasonNumber) {
          throw new Validation(M.seasonNumberInvalid, { season_number: [M.seasonNumberInvalid] });
        }
        if (await trx.seasonNumberTaken(titleId, number)) {
          throw new Validation(M.seasonNumberTaken, { season_number: [M.seasonNumberTaken] });
        }
        const values = {
          title_id: titleId,
          season_number: number,
          name: fields.name || defaultSeasonName(number),
        };
        const seasonId = await trx.insertSeason(values);
        await recordAudit(db, {
          actor,
          action: 'season.create',
          entityType: 'season',
          entityId: seasonId,
          after: values,
        });
        return seasonId;
      });
      return seasonView(id);
    },

    async updateSeason(userId: number, seasonId: number, fields: SeasonFields): Promise<AdminSeason> {
      await write(userId, async (trx, db, actor) => {
        const season = await seasonOrThrow(trx, seasonId);
        if (
          fields.season_number !== undefined &&
          (await trx.seasonNumberTaken(season.title_id, fields.season_number, seasonId))
        ) {
          throw new Validation(M.seasonNumberTaken, { season_number: [M.seasonNumberTaken] });
        }
        const number = fields.season_number ?? season.season_number;
        // A season still called by its number keeps being called by it; an emptied name returns to that.
        const keepsDefaultName =
          fields.name === undefined && season.name === defaultSeasonName(season.season_number);
        const name = fields.name === '' || keepsDefaultName ? defaultSeasonName(number) : fields.name;
        const changes = given({ season_number: fields.season_number, name });
        await trx.updateSeason(seasonId, changes);
        await recordAudit(db, {
          actor,
          action: 'season.update',
          entityType: 'season',
          entityId: seasonId,
          before: seasonAudit(season),
          after: { ...seasonAudit(season), ...changes },
        });
      });
      return seasonView(seasonId);
    },

    /** Deletes the season with its episodes, their videos and the members' progress in them. */
    async deleteSeason(userId: number, seasonId: number): Promise<void> {
      const freed = await write(userId, async (trx, db, actor) => {
        const season = await seasonOrThrow(trx, seasonId);
        const episodes = await trx.episodesOfSeasons([seasonId]);
        const episodeIds = episodes.map((episode) => episode.id);
        const videos = await trx.videosOfEpisodes(episodeIds);
        await createPlaybackRepository(db).deleteProgressInEpisodes(episodeIds);
        await trx.deleteSeason(seasonId);
        await recordAudit(db, {
          actor,
          action: 'season.delete',
          entityType: 'season',
          entityId: seasonId,
          before: { ...seasonAudit(season), episodes: episodes.map(episodeAudit) },
        });
        return { videos, images: episodes.map((episode) => episode.thumbnail_image) };
      });
      await files.free(freed.videos, freed.images);
    },

    async orderSeasons(userId: number, titleId: number, ids: number[]): Promise<AdminSeason[]> {
      await write(userId, async (trx, db, actor) => {
        await showOrThrow(trx, titleId);
        const seasons = await trx.seasonsOf(titleId);
        if (
          !sameMembers(
            ids,
            seasons.map((season) => season.id),
          )
        ) {
          throw new Validation(M.orderInvalid, { ids: [M.orderInvalid] });
        }
        await trx.renumberSeasons(ids);
        // A season still called by its number is renamed with it.
        for (const [index, id] of ids.entries()) {
          const season = seasons.find((candidate) => candidate.id === id)!;
          if (season.name === defaultSeasonName(season.season_number)) {
            await trx.updateSeason(id, { name: defaultSeasonName(index + 1) });
          }
        }
        await recordAudit(db, {
          actor,
          action: 'season.reorder',
          entityType: 'title',
          entityId: titleId,
          before: seasons.map((season) => season.id),
          after: ids,
        });
      });
      return reads.seasonsOf(titleId);
    },

    async createEpisode(
      userId: number,
      seasonId: number,
      fields: EpisodeFields & { name: string },
    ): Promise<AdminEpisode> {
      const id = await write(userId, async (trx, db, actor) => {
        await seasonOrThrow(trx, seasonId);
        const number = fields.episode_number ?? (await trx.nextEpisodeNumber(seasonId));
        if (number > AdminTitleLimits.episodeNumber) {
          throw new Validation(M.episodeNumberInvalid, { episode_number: [M.episodeNumberInvalid] });
        }
        if (await trx.episodeNumberTaken(seasonId, number)) {
          throw new Validation(M.episodeNumberTaken, { episode_number: [M.episodeNumberTaken] });
        }
        const values = {
          season_id: seasonId,
          episode_number: number,
          name: fields.name,
          description: fields.description ?? '',
          duration_minutes: fields.duration_minutes ?? null,
          thumbnail_image: '',
        };
        const episodeId = await trx.insertEpisode(values);
        await recordAudit(db, {
          actor,
          action: 'episode.create',
          entityType: 'episode',
          entityId: episodeId,
          after: values,
        });
        return episodeId;
      });
      return episodeView(id);
    },

    async updateEpisode(userId: number, episodeId: number, fields: EpisodeFields): Promise<AdminEpisode> {
      await write(userId, async (trx, db, actor) => {
        const episode = await episodeOrThrow(trx, episodeId);
        if (
          fields.episode_number !== undefined &&
          (await trx.episodeNumberTaken(episode.season_id, fields.episode_number, episodeId))
        ) {
          throw new Validation(M.episodeNumberTaken, { episode_number: [M.episodeNumberTaken] });
        }
        const changes = given(fields);
        await trx.updateEpisode(episodeId, changes);
        await recordAudit(db, {
          actor,
          action: 'episode.update',
          entityType: 'episode',
          entityId: episodeId,
          before: episodeAudit(episode),
          after: { ...episodeAudit(episode), ...changes },
        });
      });
      return episodeView(episodeId);
    },

    async deleteEpisode(userId: number, episodeId: number): Promise<void> {
      const freed = await write(userId, async (trx, db, actor) => {
        const episode = await episodeOrThrow(trx, episodeId);
        const videos = await trx.videosOfEpisodes([episodeId]);
        await createPlaybackRepository(db).deleteProgressInEpisodes([episodeId]);
        await trx.deleteEpisodes([episodeId]);
        await recordAudit(db, {
          actor,
          action: 'episode.delete',
          entityType: 'episode',
          entityId: episodeId,
          before: episodeAudit(episode),
        });
        return { videos, images: [episode.thumbnail_image] };
      });
      await files.free(freed.videos, freed.images);
    },

    async orderEpisodes(userId: number, seasonId: number, ids: number[]): Promise<AdminEpisode[]> {
      await write(userId, async (trx, db, actor) => {
        await seasonOrThrow(trx, seasonId);
        const current = await trx.episodeIdsOfSeason(seasonId);
        if (!sameMembers(ids, current)) throw new Validation(M.orderInvalid, { ids: [M.orderInvalid] });
        await trx.renumberEpisodes(ids);
        await recordAudit(db, {
          actor,
          action: 'episode.reorder',
          entityType: 'season',
          entityId: seasonId,
          before: current,
          after: ids,
        });
      });
      return (await seasonView(seasonId)).episodes;
    },

    async saveEpisodeThumbnail(
      userId: number,
      episodeId: number,
      upload: UploadedFile | undefined,
    ): Promise<AdminEpisode> {
      if (!upload) throw new Validation(M.imageRequired, { thumbnail: [M.imageRequired] });
      if (upload.size > AdminTitleLimits.imageBytes) throw new PayloadTooLarge(M.imageTooLarge);
      if (!(await repo.findEpisode(episodeId))) throw new NotFound(M.episodeNotFound);
      const url = await ctx.images.saveImage(upload.path, EPISODE_IMAGES_FOLDER, THUMBNAIL_SIZE);
      let replaced: string;
      try {
        replaced = await write(userId, async (trx, db, actor) => {
          const episode = await episodeOrThrow(trx, episodeId);
          await trx.updateEpisode(episodeId, { thumbnail_image: url });
          await recordAudit(db, {
            actor,
            action: 'episode.thumbnail',
            entityType: 'episode',
            entityId: episodeId,
            before: { thumbnail_image: episode.thumbnail_image },
            after: { thumbnail_image: url },
          });
          return episode.thumbnail_image;
        });
      } catch (error) {
        await ctx.images.deleteImage(url).catch(() => undefined);
        throw error;
      }
      if (replaced) await files.freeImages([replaced]);
      return episodeView(episodeId);
    },
  };
}
export type AdminSeasonsService = ReturnType<typeof createAdminSeasonsService>;

import {
  AdminSeasonsEndpoints,
  AdminTitlesMessages as M,
  type UpdateEpisodeBody,
  type UpdateSeasonBody,
} from '@reeltime/contract';
import { callEndpoint } from '../../../../lib/api-client';
import { useAdminMutation } from '../../shell/components/use-admin-mutation';
import { titlesKeys } from './titles-api';

/** A write to a show's seasons or episodes: the show and the title lists (episode counts) are refetched. */
function useShowMutation<Variables, Result>(
  titleId: number,
  mutationFn: (variables: Variables) => Promise<Result>,
  successMessage: string,
) {
  return useAdminMutation<Variables, Result>({
    mutationFn,
    successMessage,
    invalidate: [titlesKeys.detail(titleId), [...titlesKeys.all, 'list']],
  });
}

/** What an episode edit changes: its fields, and its thumbnail when a new one was chosen. */
export interface EpisodeSave {
  id: number;
  fields: UpdateEpisodeBody;
  thumbnail: File | null;
}

/** Every write of the show `titleId`'s seasons and episodes. */
export function useSeasonWrites(titleId: number) {
  return {
    addSeason: useShowMutation(
      titleId,
      () => callEndpoint(AdminSeasonsEndpoints.createSeason, { params: { id: titleId }, body: {} }),
      M.seasonCreated,
    ),
    saveSeason: useShowMutation(
      titleId,
      ({ id, changes }: { id: number; changes: UpdateSeasonBody }) =>
        callEndpoint(AdminSeasonsEndpoints.updateSeason, { params: { id }, body: changes }),
      M.seasonSaved,
    ),
    deleteSeason: useShowMutation(
      titleId,
      (id: number) => callEndpoint(AdminSeasonsEndpoints.deleteSeason, { params: { id } }),
      M.seasonDeleted,
    ),
    orderSeasons: useShowMutation(
      titleId,
      (ids: number[]) =>
        callEndpoint(AdminSeasonsEndpoints.orderSeasons, { params: { id: titleId }, body: { ids } }),
      M.seasonsReordered,
    ),
    addEpisode: useShowMutation(
      titleId,
      ({ seasonId, name }: { seasonId: number; name: string }) =>
        callEndpoint(AdminSeasonsEndpoints.createEpisode, { params: { id: seasonId }, body: { name } }),
      M.episodeCreated,
    ),
    saveEpisode: useShowMutation(
      titleId,
      async ({ id, fields, thumbnail }: EpisodeSave) => {
        await callEndpoint(AdminSeasonsEndpoints.updateEpisode, { params: { id }, body: fields });
        if (!thumbnail) return;
        const form = new FormData();
        form.set('thumbnail', thumbnail);
        await callEndpoint(AdminSeasonsEndpoints.saveEpisodeThumbnail, { params: { id }, body: form });
      },
      M.episodeSaved,
    ),
    deleteEpisode: useShowMutation(
      titleId,
      (id: number) => callEndpoint(AdminSeasonsEndpoints.deleteEpisode, { params: { id } }),
      M.episodeDeleted,
    ),
    orderEpisodes: useShowMutation(
      titleId,
      ({ seasonId, ids }: { seasonId: number; ids: number[] }) =>
        callEndpoint(AdminSeasonsEndpoints.orderEpisodes, { params: { id: seasonId }, body: { ids } }),
      M.episodesReordered,
    ),
  };
}

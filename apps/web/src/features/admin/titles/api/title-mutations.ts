import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AdminTitlesEndpoints,
  type AdminTitleDetail,
  type BulkTitlesBody,
  type CreateTitleBody,
  type UpdateTitleBody,
} from '@reeltime/contract';
import { callEndpoint } from '../../../../lib/api-client';
import { useAdminMutation, type AdminMutationFeedback } from '../../shell/components/use-admin-mutation';
import { titlesKeys } from './titles-api';

const lists = [...titlesKeys.all, 'list'];

/** A new poster and thumbnail, each when one was chosen. */
export interface TitleImageFiles {
  poster: File | null;
  thumbnail: File | null;
}

/** Creates a title; every title list is refetched. */
export function useCreateTitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTitleBody) => callEndpoint(AdminTitlesEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: titlesKeys.all }),
  });
}

/** Saves a title's fields; the title as stored replaces the cached one and the lists are refetched. */
export function useUpdateTitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTitleBody }) =>
      callEndpoint(AdminTitlesEndpoints.update, { params: { id }, body }),
    onSuccess: async (stored) => {
      queryClient.setQueryData(titlesKeys.detail(stored.id), stored);
      await queryClient.invalidateQueries({ queryKey: lists });
    },
  });
}

/**
 * Sends the chosen poster and thumbnail, if any, and gives the title as stored after them
 * (undefined when none was chosen); the cached title and the lists follow.
 */
export function useSaveTitleImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, images }: { id: number; images: TitleImageFiles }) => {
      if (!images.poster && !images.thumbnail) return undefined;
      const form = new FormData();
      if (images.poster) form.set('poster', images.poster);
      if (images.thumbnail) form.set('thumbnail', images.thumbnail);
      return callEndpoint(AdminTitlesEndpoints.saveImages, { params: { id }, body: form });
    },
    onSuccess: async (stored?: AdminTitleDetail) => {
      if (!stored) return;
      queryClient.setQueryData(titlesKeys.detail(stored.id), stored);
      await queryClient.invalidateQueries({ queryKey: lists });
    },
  });
}

/** Publishes or unpublishes one title. */
export function usePublishTitle(id: number, feedback: AdminMutationFeedback<boolean, AdminTitleDetail>) {
  return useAdminMutation({
    ...feedback,
    mutationFn: (is_published: boolean) =>
      callEndpoint(AdminTitlesEndpoints.update, { params: { id }, body: { is_published } }),
    invalidate: [titlesKeys.all],
  });
}

/** Deletes one title; the lists are refetched (the page leaving it forgets the title itself). */
export function useDeleteTitle(id: number, feedback: AdminMutationFeedback<void, null>) {
  return useAdminMutation({
    ...feedback,
    mutationFn: () => callEndpoint(AdminTitlesEndpoints.remove, { params: { id } }),
    invalidate: [lists],
  });
}

/** Publishes or unpublishes the chosen titles at once. */
export function useBulkPublish(feedback: AdminMutationFeedback<BulkTitlesBody, { updated: number }>) {
  return useAdminMutation({
    ...feedback,
    mutationFn: (body: BulkTitlesBody) => callEndpoint(AdminTitlesEndpoints.bulk, { body }),
    invalidate: [titlesKeys.all],
  });
}

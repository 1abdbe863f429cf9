import { AdminGenresEndpoints, type AdminGenre } from '@reeltime/contract';
import { callEndpoint } from '../../../../lib/api-client';
import { useAdminMutation, type AdminMutationFeedback } from '../../shell/components/use-admin-mutation';
import { libraryKeys } from './library-api';

// The titles section reads its genre choices under the same key.
const invalidate = [libraryKeys.genres];

export function useCreateGenre(feedback: AdminMutationFeedback<string, AdminGenre>) {
  return useAdminMutation({
    ...feedback,
    mutationFn: (name: string) => callEndpoint(AdminGenresEndpoints.create, { body: { name } }),
    invalidate,
  });
}

export function useRenameGenre(feedback: AdminMutationFeedback<{ id: number; name: string }, AdminGenre>) {
  return useAdminMutation({
    ...feedback,
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      callEndpoint(AdminGenresEndpoints.rename, { params: { id }, body: { name } }),
    invalidate,
  });
}

export function useDeleteGenre(feedback: AdminMutationFeedback<AdminGenre, null>) {
  return useAdminMutation({
    ...feedback,
    mutationFn: (genre: AdminGenre) =>
      callEndpoint(AdminGenresEndpoints.remove, { params: { id: genre.id } }),
    invalidate,
  });
}

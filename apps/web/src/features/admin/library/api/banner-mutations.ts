import { AdminBannersEndpoints, type AdminBanner } from '@reeltime/contract';
import { callEndpoint } from '../../../../lib/api-client';
import { useAdminMutation, type AdminMutationFeedback } from '../../shell/components/use-admin-mutation';
import { libraryKeys } from './library-api';

const invalidate = [libraryKeys.banners];

/** A new banner (`id` null) or an edit: the dialog's form, with the art when one was chosen. */
export interface BannerSave {
  id: number | null;
  form: FormData;
}

export function useSaveBanner(feedback: AdminMutationFeedback<BannerSave, AdminBanner>) {
  return useAdminMutation({
    ...feedback,
    mutationFn: ({ id, form }: BannerSave) =>
      id === null
        ? callEndpoint(AdminBannersEndpoints.create, { body: form })
        : callEndpoint(AdminBannersEndpoints.update, { params: { id }, body: form }),
    invalidate,
  });
}

/** Puts the banners in the order of `ids`. */
export function useReorderBanners(feedback: AdminMutationFeedback<number[], AdminBanner[]>) {
  return useAdminMutation({
    ...feedback,
    mutationFn: (ids: number[]) => callEndpoint(AdminBannersEndpoints.reorder, { body: { ids } }),
    invalidate,
  });
}

export function useDeleteBanner(feedback: AdminMutationFeedback<AdminBanner, null>) {
  return useAdminMutation({
    ...feedback,
    mutationFn: (banner: AdminBanner) =>
      callEndpoint(AdminBannersEndpoints.remove, { params: { id: banner.id } }),
    invalidate,
  });
}

import {
  AdminMediaEndpoints,
  AdminMediaMessages as M,
  MarkerMessages,
  type AudioTrackFields,
  type CaptionFields,
  type Marker,
} from '@reeltime/contract';
import { requestEndpoint } from '../../../../lib/api-client';
import { useAdminMutation, type AdminMutationFeedback } from '../../shell/components/use-admin-mutation';
import { mediaKeys } from './media-api';

// A video's state shows in the list, its own view and the upload targets: every write refetches them all.
const invalidate = [mediaKeys.all];

/** The server's own message, or the one it usually gives. */
const told = (fallback: string) => (envelope: { message?: string | undefined }) =>
  envelope.message ?? fallback;

export function useRetryTranscode() {
  return useAdminMutation({
    mutationFn: (id: number) => requestEndpoint(AdminMediaEndpoints.retry, { params: { id } }),
    successMessage: told(M.retried),
    invalidate,
  });
}

export function useCancelTranscode() {
  return useAdminMutation({
    mutationFn: (id: number) => requestEndpoint(AdminMediaEndpoints.cancel, { params: { id } }),
    successMessage: told(M.cancelled),
    invalidate,
  });
}

export function useDeleteVideo() {
  return useAdminMutation({
    mutationFn: (id: number) => requestEndpoint(AdminMediaEndpoints.remove, { params: { id } }),
    successMessage: told(M.deleted),
    invalidate,
  });
}

/** A caption track to add: its fields and its WebVTT or SRT file. */
export type CaptionUpload = CaptionFields & { file: File };

export function useAddCaption(
  videoId: number,
  feedback: Pick<AdminMutationFeedback<CaptionUpload, unknown>, 'onSuccess'> = {},
) {
  return useAdminMutation({
    ...feedback,
    mutationFn: (fields: CaptionUpload) => {
      const body = new FormData();
      body.set('language', fields.language);
      body.set('label', fields.label);
      body.set('file', fields.file);
      return requestEndpoint(AdminMediaEndpoints.addCaption, { params: { id: videoId }, body });
    },
    successMessage: told(M.captionAdded),
    invalidate,
  });
}

export function useDeleteCaption(videoId: number) {
  return useAdminMutation({
    mutationFn: (captionId: number) =>
      requestEndpoint(AdminMediaEndpoints.deleteCaption, { params: { id: videoId, captionId } }),
    successMessage: told(M.captionDeleted),
    invalidate,
  });
}

/** An audio track to add: its language, its label and its audio file. */
export type AudioTrackUpload = AudioTrackFields & { file: File };

export function useAddAudioTrack(
  videoId: number,
  feedback: Pick<AdminMutationFeedback<AudioTrackUpload, unknown>, 'onSuccess'> = {},
) {
  return useAdminMutation({
    ...feedback,
    mutationFn: (fields: AudioTrackUpload) => {
      const body = new FormData();
      body.set('language', fields.language);
      body.set('label', fields.label);
      body.set('file', fields.file);
      return requestEndpoint(AdminMediaEndpoints.addAudioTrack, { params: { id: videoId }, body });
    },
    successMessage: told(M.audioTrackAdded),
    invalidate,
  });
}

export function useDeleteAudioTrack(videoId: number) {
  return useAdminMutation({
    mutationFn: (trackId: number) =>
      requestEndpoint(AdminMediaEndpoints.deleteAudioTrack, { params: { id: videoId, trackId } }),
    successMessage: told(M.audioTrackDeleted),
    invalidate,
  });
}

/** Names the video's own audio (the default track). */
export function useSetMainAudio(videoId: number) {
  return useAdminMutation({
    mutationFn: (fields: AudioTrackFields) =>
      requestEndpoint(AdminMediaEndpoints.setMainAudio, { params: { id: videoId }, body: fields }),
    successMessage: told(M.mainAudioSaved),
    invalidate,
  });
}

/** Replaces a video's markers with the list given (an empty list removes them). */
export function useSaveMarkers(
  videoId: number,
  feedback: Pick<AdminMutationFeedback<Marker[], unknown>, 'onSuccess'> = {},
) {
  return useAdminMutation({
    ...feedback,
    mutationFn: (markers: Marker[]) =>
      requestEndpoint(AdminMediaEndpoints.replaceMarkers, { params: { id: videoId }, body: { markers } }),
    successMessage: told(MarkerMessages.saved),
    invalidate: [mediaKeys.markers(videoId)],
  });
}

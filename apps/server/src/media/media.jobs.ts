import type { AppContext } from '../context';
import type { JobHandlers } from '../jobs/job-map';
import { createAudioTrackHandler } from './audio-track-media';
import { createMediaService } from './media.service';

/** The media module's jobs: transcoding a source into an HLS ladder, and an uploaded audio track into its rendition. */
export function mediaJobHandlers(ctx: AppContext): Pick<JobHandlers, 'transcode' | 'media.audio-track'> {
  return {
    transcode: createMediaService(ctx).transcodeHandler,
    'media.audio-track': createAudioTrackHandler(ctx),
  };
}

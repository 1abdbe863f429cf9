import type { AppContext } from '../context';
import type { JobHandlers } from '../jobs/job-map';
import { createMediaService } from './media.service';

/** The media module's jobs: transcoding a source into an HLS ladder. */
export function mediaJobHandlers(ctx: AppContext): Pick<JobHandlers, 'transcode'> {
  return { transcode: createMediaService(ctx).transcodeHandler };
}

import type { AppContext } from '../../context';
import type { JobHandlers } from '../../jobs/job-map';
import { makeMissingThumbnailVariants } from './thumbnail-variants';

/** Titles' jobs: the repeatable pass that makes the smaller copies of thumbnails that lack them. */
export function titlesJobHandlers(ctx: AppContext): Pick<JobHandlers, 'titles.thumbnail-variants'> {
  return {
    'titles.thumbnail-variants': {
      async run(_payload, job) {
        const { made, skipped } = await makeMissingThumbnailVariants(ctx, job.signal);
        if (made + skipped > 0)
          ctx.log.info({ made, skipped }, 'made the smaller copies of title thumbnails');
      },
    },
  };
}

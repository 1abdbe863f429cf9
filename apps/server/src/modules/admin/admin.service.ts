import type { AdminOverview, VideoCounts } from '@reeltime/contract';
import type { AppContext } from '../../context';
import { createAdminRepository } from './admin.repository';

export function createAdminService(ctx: Pick<AppContext, 'db' | 'jobs'>) {
  const repo = createAdminRepository(ctx.db);
  return {
    /** How big the site is and where its videos and background jobs stand. */
    async overview(): Promise<AdminOverview> {
      const [titles, members, videoRows, jobs] = await Promise.all([
        repo.countTitles(),
        repo.countUsers(),
        repo.countVideosByStatus(),
        ctx.jobs.countByState(),
      ]);
      const videos: VideoCounts = { pending: 0, processing: 0, ready: 0, failed: 0 };
      for (const { status, count } of videoRows) videos[status] = count;
      return { titles, members, videos, jobs };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;

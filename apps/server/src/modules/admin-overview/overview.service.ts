import {
  OVERVIEW_CHART_DAYS as CHART_DAYS,
  OVERVIEW_RECENT_FAILURES as RECENT_FAILURES,
  type AdminOverview,
  type VideoCounts,
} from '@reeltime/contract';
import type { AppContext } from '../../context';
import { createTitlesRepository } from '../titles/titles.repository';
import { createVideosRepository } from '../titles/videos.repository';
import { createBillingRepository } from '../billing/billing.repository';
import { createPlansRepository } from '../billing/plans.repository';
import { createJobsRepository } from '../../jobs/jobs.repository';
import { createUserRepository } from '../users/user.repository';
import { mediaStorageUsage } from './media-storage';

const DAY_MS = 86_400_000;

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOfUtcMonth = (ms: number) => {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
};

/** The last `days` UTC days, oldest first, ending with today. */
export function lastDays(now: number, days: number): string[] {
  return Array.from({ length: days }, (_, index) => utcDay(now - (days - 1 - index) * DAY_MS));
}

export function createOverviewService(ctx: Pick<AppContext, 'db' | 'dialect' | 'jobs' | 'files' | 'cache'>) {
  const users = createUserRepository(ctx.db);
  const jobRepo = createJobsRepository(ctx.db);
  const titleRepo = createTitlesRepository(ctx.db, ctx.dialect);
  const videoRepo = createVideosRepository(ctx.db);
  const billing = createBillingRepository(ctx.db);
  const planRepo = createPlansRepository(ctx.db);
  return {
    /** How big the site is, what it earns and is watched, and where its media and jobs stand. */
    async overview(now = Date.now()): Promise<AdminOverview> {
      const days = lastDays(now, CHART_DAYS);
      const [titles, members, newMembers, videoRows, jobs, plans, revenue, views, storage, failures] =
        await Promise.all([
          titleRepo.countAll(),
          users.countAll(),
          users.countCreatedSince(now - 7 * DAY_MS),
          videoRepo.countByStatus(),
          ctx.jobs.countByState(),
          planRepo.activeSubscriptionsByPlan(now),
          billing.revenueSince(startOfUtcMonth(now)),
          titleRepo.viewsPerDaySince(days[0]!),
          mediaStorageUsage(ctx),
          jobRepo.recentFailures(RECENT_FAILURES),
        ]);
      const videos: VideoCounts = { pending: 0, processing: 0, ready: 0, failed: 0 };
      for (const { status, count } of videoRows) videos[status] = count;
      return {
        titles,
        members,
        members_new_7_days: newMembers,
        videos,
        jobs,
        subscriptions_by_plan: plans.map((plan) => ({
          plan_id: plan.planId,
          plan_name: plan.planName,
          active: plan.active,
        })),
        revenue_this_month: revenue.map((row) => ({
          currency: row.currency,
          amount_minor: row.amountMinor,
          payments: row.payments,
        })),
        views_per_day: days.map((day) => ({ day, views: views.get(day) ?? 0 })),
        storage,
        recent_job_failures: failures.map((job) => ({
          id: job.id,
          type: job.type,
          error: job.last_error,
          attempts: job.attempts,
          failed_at: new Date(Number(job.updated_at)).toISOString(),
        })),
      };
    },
  };
}
export type OverviewService = ReturnType<typeof createOverviewService>;

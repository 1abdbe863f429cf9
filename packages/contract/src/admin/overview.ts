/** The console's overview: the size of the site and the state of its media and jobs. */
import { z } from 'zod';
import { CountSchema } from '../admin';
import { defineEndpoint } from '../endpoint';

/** Days in the overview's views chart, today last. */
export const OVERVIEW_CHART_DAYS = 30;
/** Recent job failures the overview lists. */
export const OVERVIEW_RECENT_FAILURES = 10;

export const AdminOverviewMessages = {
  overviewFailed: 'The overview could not be loaded.',
} as const;

/** How many videos are in each step of the media pipeline. */
export const VideoCountsSchema = z.object({
  pending: CountSchema,
  processing: CountSchema,
  ready: CountSchema,
  failed: CountSchema,
});
export type VideoCounts = z.infer<typeof VideoCountsSchema>;

/** How many background jobs are in each state. */
export const JobCountsSchema = z.object({
  queued: CountSchema,
  running: CountSchema,
  done: CountSchema,
  failed: CountSchema,
  cancelled: CountSchema,
});
export type JobCounts = z.infer<typeof JobCountsSchema>;

/** Active subscriptions of one plan. */
export const PlanSubscriptionsSchema = z.object({
  plan_id: z.number().int(),
  plan_name: z.string(),
  active: CountSchema,
});

/** Money taken in one currency, in its minor unit (paise, cents). */
export const RevenueSchema = z.object({
  currency: z.string(),
  amount_minor: z.number().int(),
  payments: CountSchema,
});

/** Views counted on one UTC day (`YYYY-MM-DD`). */
export const DailyViewsSchema = z.object({ day: z.string(), views: CountSchema });

/** Bytes the file store holds: videos (HLS trees, sources, captions) and pictures. */
export const StorageUsageSchema = z.object({
  video_bytes: CountSchema,
  image_bytes: CountSchema,
  total_bytes: CountSchema,
  /** When the files were measured (ISO 8601); the figure is kept for a minute. */
  measured_at: z.string(),
});
export type StorageUsage = z.infer<typeof StorageUsageSchema>;

/** A background job whose last attempt failed. */
export const JobFailureSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  error: z.string().nullable(),
  attempts: CountSchema,
  /** ISO 8601. */
  failed_at: z.string(),
});

/** The admin console's first page: the size of the site and the state of its media and jobs. */
export const AdminOverviewSchema = z.object({
  /** Every title, published or not. */
  titles: CountSchema,
  /** Every account, admins included. */
  members: CountSchema,
  /** Accounts created in the last 7 days. */
  members_new_7_days: CountSchema,
  videos: VideoCountsSchema,
  jobs: JobCountsSchema,
  /** Every plan, active subscriptions or not, in plan order. */
  subscriptions_by_plan: z.array(PlanSubscriptionsSchema),
  /** Payments since the first of this month (UTC), per currency. */
  revenue_this_month: z.array(RevenueSchema),
  /** The last 30 UTC days, oldest first, today last; a day without views is 0. */
  views_per_day: z.array(DailyViewsSchema).length(OVERVIEW_CHART_DAYS),
  storage: StorageUsageSchema,
  /** The 10 most recent, newest first. */
  recent_job_failures: z.array(JobFailureSchema).max(OVERVIEW_RECENT_FAILURES),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

/** The console's first page. */
export const AdminOverviewEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/admin/overview',
    access: 'admin',
    tags: ['admin'],
    description: 'Counts of titles, members, videos by status and background jobs by state.',
    success: { status: 200, data: AdminOverviewSchema },
  }),
};

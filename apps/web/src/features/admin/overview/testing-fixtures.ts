import type { AdminOverview } from '@reeltime/contract';

/** An overview with a little of everything, for page tests. */
export function overviewFixture(overrides: Partial<AdminOverview> = {}): AdminOverview {
  const views_per_day = Array.from({ length: 30 }, (_, index) => ({
    day: new Date(Date.UTC(2025, 2, 1 + index)).toISOString().slice(0, 10),
    views: index === 11 ? 120 : index % 3,
  }));
  return {
    titles: 42,
    members: 1234,
    members_new_7_days: 56,
    videos: { pending: 1, processing: 2, ready: 30, failed: 1 },
    jobs: { queued: 3, running: 1, done: 200, failed: 2, cancelled: 0 },
    subscriptions_by_plan: [
      { plan_id: 1, plan_name: 'Basic', active: 10 },
      { plan_id: 2, plan_name: 'Premium', active: 5 },
    ],
    revenue_this_month: [{ currency: 'INR', amount_minor: 6_980_000, payments: 35 }],
    views_per_day,
    storage: {
      video_bytes: 3 * 1024 ** 3,
      image_bytes: 512 * 1024 ** 2,
      total_bytes: 3.5 * 1024 ** 3,
      measured_at: '2025-03-30T10:00:00.000Z',
    },
    recent_job_failures: [
      {
        id: 77,
        type: 'media.transcode',
        error: 'ffmpeg exited with code 1',
        attempts: 3,
        failed_at: '2025-03-30T09:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

import type { AdminJob } from '@reeltime/contract';

export function job(overrides: Partial<AdminJob> = {}): AdminJob {
  return {
    id: 31,
    type: 'transcode',
    state: 'running',
    progress: 40,
    attempts: 1,
    max_attempts: 3,
    last_error: null,
    run_at: '2026-11-03T20:00:00.000Z',
    created_at: '2026-11-03T20:00:00.000Z',
    updated_at: '2026-11-03T20:01:00.000Z',
    payload_summary: 'videoId: 12',
    ...overrides,
  };
}

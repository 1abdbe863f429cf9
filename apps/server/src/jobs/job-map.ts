import { z } from 'zod';
import { MINUTE_MS } from '../lib/time';

const HOUR_MS = 60 * MINUTE_MS;

/**
 * Every background job, in one place: its name, the schema of its payload, and the lane it runs
 * in. The module that owns a job provides its handler (media: transcode; mail: delivery; auth:
 * password reset); the composition root puts them together, and the compiler checks that every
 * job here has one. `enqueue` is typed by this map and checks payloads against it at run time.
 *
 * A job with `every` is repeatable: the job runners queue one run of it per interval (the first
 * when a runner first starts on a database), and at most one of its runs is queued or running at
 * a time (docs/decisions/0034-recurring-work-as-repeatable-jobs.md).
 */
export const JobMap = {
  transcode: {
    lane: 'media',
    payload: z.object({
      videoId: z.number().int().positive(),
      captions: z
        .object({ file: z.string().min(1), language: z.string().optional(), name: z.string().optional() })
        .optional(),
      /** Delete the source (and captions) once the stream is ready: files the server made itself. */
      discardSource: z.literal(true).optional(),
      /** Videos this one replaces: deleted, with their files, once this one is playable. */
      supersedes: z.array(z.number().int().positive()).max(20).optional(),
    }),
  },
  /**
   * Makes the audio-only rendition of an uploaded audio track and lists it in its video's master
   * (decision 0047). Media lane: it runs ffmpeg.
   */
  'media.audio-track': {
    lane: 'media',
    payload: z.object({ trackId: z.number().int().positive() }),
  },
  /**
   * Listens to the start of a season's episode videos and suggests an intro for each from the
   * audio they share (decision 0043, "Suggested intros"). Media lane: it runs ffmpeg.
   */
  'media.suggest-intros': {
    lane: 'media',
    maxAttempts: 1,
    payload: z.object({ seasonId: z.number().int().positive() }),
  },
  'mail.deliver': {
    lane: 'light',
    // With the backoff doubling from 10 s, eight attempts span about 40 minutes of SMTP trouble.
    maxAttempts: 8,
    payload: z.object({ outboxId: z.number().int().positive() }),
  },
  'auth.password-reset': {
    lane: 'light',
    payload: z.object({ email: z.string().min(1).max(255) }),
  },
  'billing.expire-subscription': {
    lane: 'light',
    payload: z.object({ subscriptionId: z.number().int().positive() }),
  },
  'billing.renewal-reminder': {
    lane: 'light',
    payload: z.object({ subscriptionId: z.number().int().positive() }),
  },
  /**
   * Fulfils Stripe checkouts paid without a webhook reaching us. Scheduled only when Stripe is the
   * payment gateway.
   */
  'billing.reconcile-stripe': {
    lane: 'light',
    every: 5 * MINUTE_MS,
    payload: z.object({}),
  },
  /** Deletes avatar files no member (nor household profile) points to any more. */
  'profile.sweep-avatars': {
    lane: 'light',
    every: 6 * HOUR_MS,
    payload: z.object({}),
  },
  /** Deletes submission images no submission points to any more. */
  'submissions.sweep-images': {
    lane: 'light',
    every: 6 * HOUR_MS,
    payload: z.object({}),
  },
  /**
   * Makes the smaller copies of title thumbnails stored without them (uploaded before they were
   * made, or whose copies failed) and records their widths (decision 0050).
   */
  'titles.thumbnail-variants': {
    lane: 'light',
    every: 6 * HOUR_MS,
    payload: z.object({}),
  },
  /** Deletes video uploads (finished or abandoned) older than MEDIA_UPLOAD_EXPIRY. */
  'admin-media.sweep-uploads': {
    lane: 'light',
    every: HOUR_MS,
    payload: z.object({}),
  },
  /**
   * Recomputes every title's similar titles (co-watching and likes, else genres and cast) and the
   * trending list, which the personal rows are assembled from (decision 0045).
   */
  'recommendations.compute': {
    lane: 'light',
    every: HOUR_MS,
    payload: z.object({}),
  },
  /** Brings a plan's Stripe product and Price in step with the plan after a change in the console. */
  'admin-commerce.sync-stripe-plan': {
    lane: 'light',
    // With the backoff doubling from 10 s, eight attempts span about 40 minutes of Stripe trouble.
    maxAttempts: 8,
    payload: z.object({ planId: z.number().int().positive() }),
  },
} as const satisfies Record<string, JobDefinition>;

interface JobDefinition {
  lane: JobLane;
  maxAttempts?: number;
  /** Makes the job repeatable: the time between two of its runs, in ms. */
  every?: number;
  payload: z.ZodType;
}

/**
 * Lanes keep short jobs from waiting behind long ones: a reset mail never queues behind a
 * transcode. Each lane has its own concurrency.
 */
export type JobLane = 'media' | 'light';

export type JobName = keyof typeof JobMap;
export type JobPayload<N extends JobName> = z.infer<(typeof JobMap)[N]['payload']>;

export const jobNames = Object.keys(JobMap) as JobName[];
export const isJobName = (name: string): name is JobName => Object.hasOwn(JobMap, name);

/** The jobs that run on a schedule: those with `every`. Their payload is empty. */
export type RepeatableJobName = {
  [N in JobName]: (typeof JobMap)[N] extends { every: number } ? N : never;
}[JobName];

/** A repeatable job and how often it runs. */
export interface JobSchedule {
  name: RepeatableJobName;
  everyMs: number;
}

/** Every repeatable job of the map with its interval; the composition root picks those that apply. */
export const jobSchedules: readonly JobSchedule[] = jobNames.flatMap((name) => {
  const job = JobMap[name];
  return 'every' in job ? [{ name: name as RepeatableJobName, everyMs: job.every }] : [];
});

export const isRepeatableJob = (name: string): name is RepeatableJobName =>
  isJobName(name) && 'every' in JobMap[name];

/** What a handler sees of the job it runs. */
export interface JobContext {
  id: number;
  /** 1 for the first try. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the worker stops or the job is cancelled; long work should stop soon after. */
  signal: AbortSignal;
  /** Records progress in percent (0–100); writes are throttled. */
  progress(percent: number): void;
}

export interface JobHandler<P = unknown> {
  run(payload: P, job: JobContext): Promise<void>;
  /** Called once, after the last attempt failed. */
  onFailed?(payload: P, error: string, job: { id: number }): Promise<void>;
}

/** One handler for every job of the map; a missing one is a compile error where they are put together. */
export type JobHandlers = { [N in JobName]: JobHandler<JobPayload<N>> };

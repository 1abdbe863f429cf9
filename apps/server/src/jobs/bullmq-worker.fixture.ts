/**
 * A worker process for bullmq-queue.services.test.ts: runs password-reset jobs with a handler that reports
 * 10 % and then never finishes, so the test can kill the process mid-job.
 * Arguments: <database url> <redis url> <BullMQ prefix>.
 */
import { createDb } from '../db/connection';
import { createBullmqQueue } from './bullmq-queue';
import { createBullmqJobRunner } from './bullmq-runner';
import type { JobHandlers } from './job-map';

const [databaseUrl, redisUrl, prefix] = process.argv.slice(2);
if (!databaseUrl || !redisUrl || !prefix) throw new Error('usage: <database url> <redis url> <prefix>');

const { db } = createDb(databaseUrl);
const queue = createBullmqQueue(db, { redisUrl, prefix, maxAttempts: 3 });
const never = { run: () => new Promise<void>(() => undefined) };
const handlers = {
  'auth.password-reset': {
    run: async (_payload, job) => {
      job.progress(10);
      await new Promise<void>(() => undefined);
    },
  },
  transcode: never,
  'mail.deliver': never,
  'billing.expire-subscription': never,
  'billing.renewal-reminder': never,
  'billing.reconcile-stripe': never,
  'admin-commerce.sync-stripe-plan': never,
  'profile.sweep-avatars': never,
  'submissions.sweep-images': never,
  'titles.thumbnail-variants': never,
  'admin-media.sweep-uploads': never,
  'media.suggest-intros': never,
  'media.audio-track': never,
  'recommendations.compute': never,
} satisfies JobHandlers;
const runner = createBullmqJobRunner(db, queue, handlers, {
  concurrency: { media: 0, light: 1 },
  heartbeatMs: 300,
  progressIntervalMs: 0,
  lockDurationMs: 1500,
  stalledIntervalMs: 1000,
});
await runner.start();
process.stdout.write('ready\n');

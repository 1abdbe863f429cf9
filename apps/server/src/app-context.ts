import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import { ServerMessages } from '@reeltime/contract';
import { withReadThrough } from './adapters/cache/cache';
import { createMemoryCacheStore } from './adapters/cache/memory';
import { createRedisCacheStore } from './adapters/cache/redis';
import { createSmtpTransport } from './adapters/mail/smtp';
import { createBuiltinGateway } from './adapters/payment/builtin';
import { createStripeGateway } from './adapters/payment/stripe';
import { createStripeCatalog } from './adapters/payment/stripe-catalog';
import { createRedisRateLimitStore } from './adapters/rate-limit/redis';
import { createInProcessRateLimitStore } from './adapters/rate-limit/rate-limit-store';
import { createRedisConnection } from './adapters/redis/redis-connection';
import { createImageStore } from './adapters/storage/images';
import { createLocalFileStore } from './adapters/storage/local-file-store';
import type { Config } from './config';
import type { AppContext } from './context';
import { createDb, migrateToLatest } from './db/connection';
import type { BullmqQueue } from './jobs/bullmq-queue';
import { createDatabaseQueue } from './jobs/database-queue';
import type { JobHandlers } from './jobs/job-map';
import type { JobRunner } from './jobs/queue';
import { createDatabaseJobRunner } from './jobs/runner';
import { createLogger } from './lib/logger';
import { entryPointFile } from './lib/server-files';
import { mediaJobHandlers } from './media/media.jobs';
import { adminCommerceJobHandlers } from './modules/admin-commerce/admin-commerce.jobs';
import { authJobHandlers } from './modules/auth/auth.jobs';
import { billingJobHandlers, scheduleStripeReconcile } from './modules/billing/billing.jobs';
import { createTokenService, VERIFIED_TOKENS_NAMESPACE } from './modules/auth/token.service';
import { mailJobHandlers } from './modules/mail/mail.jobs';
import { createMailService } from './modules/mail/mail.service';

/** Short jobs (mail, password resets) run this many at a time, beside the media lane. */
const LIGHT_JOB_CONCURRENCY = 4;

export interface Runtime {
  ctx: AppContext;
  /** Runs background jobs: started by the API process (the default) or by `npm run worker`. */
  jobs: JobRunner;
  /** Stops the jobs, then closes the mail transport and the database. */
  close(): Promise<void>;
}

/** BullMQ's modules, loaded only with REDIS_URL: a process without Redis starts without them. */
async function loadBullmq() {
  const [{ createBullmqQueue }, { createBullmqJobRunner }] = await Promise.all([
    import('./jobs/bullmq-queue'),
    import('./jobs/bullmq-runner'),
  ]);
  return { createBullmqQueue, createBullmqJobRunner };
}

/**
 * The composition root: the only place that chooses and wires adapters. The API (buildApp), the
 * worker, the media import CLI and the demo seed all start from the context it builds.
 */
export async function createRuntime(
  config: Config,
  options: { log?: FastifyBaseLogger } = {},
): Promise<Runtime> {
  const log = options.log ?? createLogger(config);
  const { db, dialect } = createDb(config.databaseUrl);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : null;
  // REDIS_URL: jobs go through BullMQ (decision 0021); otherwise the jobs table is the queue.
  const bullmqModules = config.redis ? await loadBullmq() : null;
  const bullmq: BullmqQueue | null =
    config.redis && bullmqModules
      ? bullmqModules.createBullmqQueue(db, {
          redisUrl: config.redis.url,
          prefix: `${config.redis.keyPrefix}bull`,
          maxAttempts: config.media.jobMaxAttempts,
          log,
        })
      : null;
  const jobs = bullmq ?? createDatabaseQueue(db, { maxAttempts: config.media.jobMaxAttempts });
  // Scaled-out mode: the cache and rate limits are shared through Redis (verified tokens are
  // always read from Redis itself, so a revocation stops them in every process at once).
  const redis = config.redis ? await createRedisConnection(config.redis, log) : null;
  const sharedCache = redis
    ? createRedisCacheStore(redis, { withoutFirstLevel: [VERIFIED_TOKENS_NAMESPACE] })
    : null;
  const cache = withReadThrough(sharedCache ?? createMemoryCacheStore());
  const files = createLocalFileStore(path.join(config.dataDir, 'media'));
  const ctx: AppContext = {
    config,
    db,
    dialect,
    log,
    cache,
    jobs,
    mail: createMailService({ db, jobs, delivers: transport !== null }),
    files,
    images: createImageStore(files, ServerMessages.unsupportedMedia),
    tokens: createTokenService(db, config.tokenPepper, cache),
    rateLimits: redis ? createRedisRateLimitStore(redis) : createInProcessRateLimitStore(),
    redis,
    payments: config.stripe
      ? createStripeGateway(config.stripe, db)
      : createBuiltinGateway(db, config.publicUrl),
  };
  const handlers: JobHandlers = {
    ...mediaJobHandlers(ctx),
    ...mailJobHandlers({ db, transport }),
    ...authJobHandlers(ctx),
    ...billingJobHandlers(ctx),
    ...adminCommerceJobHandlers(ctx, config.stripe ? createStripeCatalog(config.stripe) : null),
  };
  const concurrency = { media: config.media.workerConcurrency, light: LIGHT_JOB_CONCURRENCY };
  const runner =
    bullmq && bullmqModules
      ? // Transcodes run in BullMQ sandboxed child processes of the worker (decision 0021).
        bullmqModules.createBullmqJobRunner(db, bullmq, handlers, {
          concurrency,
          log,
          sandboxed: { media: entryPointFile('transcodeProcessor') },
          lockDurationMs: config.jobs.lockDurationMs,
          stalledIntervalMs: config.jobs.stalledIntervalMs,
        })
      : createDatabaseJobRunner(db, handlers, { concurrency, log });
  return {
    ctx,
    jobs: {
      get running() {
        return runner.running;
      },
      async start() {
        await scheduleStripeReconcile(ctx);
        await runner.start();
      },
      stop: () => runner.stop(),
      runJob: (id) => runner.runJob(id),
      drain: () => runner.drain(),
    },
    async close() {
      await runner.stop();
      await bullmq?.close();
      await transport?.close();
      await sharedCache?.close();
      await redis?.close();
      await db.destroy();
    },
  };
}

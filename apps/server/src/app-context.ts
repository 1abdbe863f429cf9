import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import path from 'node:path';
import { MemoryLocker } from '@tus/server';
import { API_BASE, ServerMessages } from '@reeltime/contract';
import { withReadThrough } from './adapters/cache/cache';
import { createMemoryCacheStore } from './adapters/cache/memory';
import { createRedisCacheStore } from './adapters/cache/redis';
import { createSmtpTransport } from './adapters/mail/smtp';
import { createBuiltinGateway } from './adapters/payment/builtin';
import type { PaymentGateway } from './adapters/payment/gateway';
import { createStripeGateway } from './adapters/payment/stripe';
import { createStripeCatalog, type StripeCatalog } from './adapters/payment/stripe-catalog';
import { createRedisRateLimitStore } from './adapters/rate-limit/redis';
import { createInProcessRateLimitStore } from './adapters/rate-limit/rate-limit-store';
import { createRedisConnection, type RedisConnection } from './adapters/redis/redis-connection';
import { createImageStore } from './adapters/storage/images';
import { chooseFileStore } from './adapters/storage/choose-file-store';
import type { Config } from './config';
import type { AppContext } from './context';
import { createDb, migrateToLatest, type Db } from './db/connection';
import type { BullmqQueue } from './jobs/bullmq-queue';
import { createDatabaseQueue } from './jobs/database-queue';
import { jobSchedules, type JobHandlers } from './jobs/job-map';
import type { JobRunner } from './jobs/queue';
import { createDatabaseJobRunner } from './jobs/runner';
import { createLogger } from './lib/logger';
import { entryPointFile } from './lib/server-files';
import { mediaJobHandlers } from './media/media.jobs';
import { adminCommerceJobHandlers } from './modules/admin-commerce/admin-commerce.jobs';
import { adminMediaJobHandlers } from './modules/admin-media/admin-media.jobs';
import { introSuggestionJobHandlers } from './modules/intro-suggestions/intro-suggestions.service';
import { createRedisUploadLocker } from './modules/admin-media/redis-upload-locker';
import { createLocalUploadStorage, type UploadStorage } from './modules/admin-media/upload-storage';
import { uploadedSourcesDir } from './media/video-removal';
import { authJobHandlers } from './modules/auth/auth.jobs';
import { billingJobHandlers } from './modules/billing/billing.jobs';
import { builtinCheckoutRoutes } from './modules/billing/builtin-checkout.routes';
import { stripeWebhookRoutes } from './modules/billing/stripe-webhook.routes';
import { createTokenService, VERIFIED_TOKENS_NAMESPACE } from './modules/auth/token.service';
import { mailJobHandlers } from './modules/mail/mail.jobs';
import { createMailService } from './modules/mail/mail.service';
import { profileJobHandlers } from './modules/profile/profile.jobs';
import { recommendationsJobHandlers } from './modules/recommendations/recommendations.jobs';
import { submissionsJobHandlers } from './modules/submissions/submissions.jobs';
import { titlesJobHandlers } from './modules/titles/titles.jobs';

/** Short jobs (mail, password resets) run this many at a time, beside the media lane. */
const LIGHT_JOB_CONCURRENCY = 4;

export interface Runtime {
  ctx: AppContext;
  /**
   * Runs background jobs, and queues the runs of repeatable ones: started by the API process (the
   * default, IN_PROCESS_WORKER) or by `npm run worker`.
   */
  jobs: JobRunner;
  /** The HTTP routes the payment gateway brings: the built-in checkout pages, or Stripe's webhook. */
  paymentRoutes: FastifyPluginAsync;
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

/** The payment gateway, the routes it brings, and the plan catalog it keeps in step: Stripe when configured. */
interface PaymentAdapter {
  gateway: PaymentGateway;
  routes: FastifyPluginAsync;
  catalog: StripeCatalog | null;
  /** Whether open checkouts are asked about at the gateway, in case their webhook was lost. */
  reconcilesCheckouts: boolean;
}

function choosePayments(config: Config, db: Db): PaymentAdapter {
  if (!config.stripe) {
    return {
      gateway: createBuiltinGateway(db, config.publicUrl),
      routes: builtinCheckoutRoutes,
      catalog: null,
      reconcilesCheckouts: false,
    };
  }
  return {
    gateway: createStripeGateway(config.stripe, db),
    routes: async (app) => {
      await app.register(stripeWebhookRoutes, { prefix: API_BASE });
    },
    catalog: createStripeCatalog(config.stripe),
    reconcilesCheckouts: true,
  };
}

/**
 * Where video uploads are kept while they arrive: in DATA_DIR/uploads, or with MEDIA_STORE=s3 in
 * the media bucket, so that any process may continue an upload and any worker transcode it. Each
 * upload's lock is held in Redis when it is configured, so its requests may land on any process
 * (decision 0022), and in this process otherwise.
 */
async function chooseUploadStorage(
  config: Config,
  redis: RedisConnection | null,
  log: FastifyBaseLogger,
): Promise<UploadStorage> {
  const expiryMs = config.media.uploadExpiryMs;
  const locker = redis
    ? createRedisUploadLocker(redis, {
        onLockLost: (uploadId, error) =>
          log.warn({ err: error, uploadId }, 'an upload lock expired or could not be renewed'),
      })
    : new MemoryLocker();
  const store = config.mediaStore;
  if (store.kind === 's3') {
    const [{ createS3Client }, { createS3UploadStorage }] = await Promise.all([
      import('./adapters/storage/s3-file-store'),
      import('./modules/admin-media/s3-upload-storage'),
    ]);
    return createS3UploadStorage({ settings: store.s3, client: createS3Client(store.s3), expiryMs, locker });
  }
  return createLocalUploadStorage({
    directory: path.join(config.dataDir, 'uploads'),
    sourcesDir: uploadedSourcesDir(config),
    expiryMs,
    locker,
  });
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
  const files = await chooseFileStore(config);
  const payment = choosePayments(config, db);
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
    payments: payment.gateway,
    stripeCatalog: payment.catalog,
    uploads: await chooseUploadStorage(config, redis, log),
  };
  const handlers: JobHandlers = {
    ...mediaJobHandlers(ctx),
    ...mailJobHandlers({ db, transport }),
    ...authJobHandlers(ctx),
    ...billingJobHandlers(ctx),
    ...adminCommerceJobHandlers(ctx),
    ...adminMediaJobHandlers(ctx),
    ...introSuggestionJobHandlers(ctx),
    ...profileJobHandlers(ctx),
    ...recommendationsJobHandlers(ctx),
    ...submissionsJobHandlers(ctx),
    ...titlesJobHandlers(ctx),
  };
  // Recurring work is repeatable jobs, queued by the runners (never by a timer of an API process):
  // all of the job map's, Stripe's reconciliation only when there is a gateway to ask.
  const schedules = jobSchedules.filter(
    (job) => job.name !== 'billing.reconcile-stripe' || payment.reconcilesCheckouts,
  );
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
          schedules,
        })
      : createDatabaseJobRunner(db, handlers, {
          concurrency,
          log,
          schedules: { jobs: schedules, queue: jobs },
        });
  return {
    ctx,
    jobs: runner,
    paymentRoutes: payment.routes,
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

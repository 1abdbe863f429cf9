import type { FastifyBaseLogger } from 'fastify';
import type { Cache } from './adapters/cache/cache';
import type { PaymentGateway } from './adapters/payment/gateway';
import type { StripeCatalog } from './adapters/payment/stripe-catalog';
import type { RateLimitStore } from './adapters/rate-limit/rate-limit-store';
import type { RedisConnection } from './adapters/redis/redis-connection';
import type { FileStore } from './adapters/storage/file-store';
import type { ImageStore } from './adapters/storage/images';
import type { Config } from './config';
import type { Db, Dialect } from './db/connection';
import type { JobQueue } from './jobs/queue';
import type { UploadStorage } from './modules/admin-media/upload-storage';
import type { AuthUser } from './modules/auth/auth-user';
import type { TokenService } from './modules/auth/token.service';
import type { MailService } from './modules/mail/mail.service';

export type { AuthUser };

/**
 * What every module needs: the adapters, built once by the composition root (app-context.ts)
 * for the API, the worker, the CLIs and the demo seed alike, and reachable as `app.ctx`.
 */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  log: FastifyBaseLogger;
  cache: Cache;
  /** Background jobs, typed by the job map. */
  jobs: JobQueue;
  /** Queues mail through the outbox; never waits for a mail server. */
  mail: MailService;
  /** Media files (DATA_DIR/media by default), served under /media. */
  files: FileStore;
  images: ImageStore;
  /** One per process, so a revocation anywhere reaches the cache of verified tokens. */
  tokens: TokenService;
  /** Where rate-limit counts live. */
  rateLimits: RateLimitStore;
  /** The connection to Redis when REDIS_URL is set (scaled-out mode); null in the embedded default. */
  redis: RedisConnection | null;
  /** Takes payments: the built-in test checkout, or Stripe when configured. */
  payments: PaymentGateway;
  /** The Stripe products and Prices plans are kept in step with; null when Stripe is not the gateway. */
  stripeCatalog: StripeCatalog | null;
  /** Where the console's resumable video uploads are kept while they arrive, and their locks. */
  uploads: UploadStorage;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** Set by the auth plugin: null for visitors (and for a bad token on a public read). */
    user: AuthUser | null;
  }
}

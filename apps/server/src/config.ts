import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './adapters/storage/s3-file-store';
import { serverDir } from './lib/server-files';
import type { MediaTools } from './media/ffmpeg';
import { resolveMediaTools, type MediaToolName, type MediaToolSource } from './media/media-tools';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535, { error: 'must be a port number' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, {
      error: 'must start with postgres://, postgresql:// or sqlite:',
    })
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://' })
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, { error: 'must be letters, digits, . _ : or - (at most 64)' })
    .default('reeltime:'),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as http://localhost:3000' }).optional(),
  APP_NAME: z.string().min(1).max(60).default('Reeltime'),
  AD_SLOT_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://ads.example.com/slot' })
    .optional(),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'must be a three-letter ISO 4217 code such as INR' })
    .default('INR'),
  SMTP_URL: z.url({ error: 'must be a URL such as smtp://user:pass@host:587' }).optional(),
  MAIL_FROM: z.string().min(3).default('Reeltime <no-reply@localhost>'),
  LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TOKEN_PEPPER: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  MEDIA_SIGNING_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  SEED_DEMO: booleanText.optional(),
  TRUST_PROXY: booleanText.default(false),
  METRICS_TOKEN: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_AUTH_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  MAX_UPLOAD_MB: z.coerce.number().min(1).max(100).default(5),
  CATALOG_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  IN_PROCESS_WORKER: booleanText.default(true),
  BULLMQ_LOCK_DURATION_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    // Renewed at half its duration: shorter would take a busy worker for dead.
    .min(5000, { error: 'must be at least 5000 (5 s)' })
    .max(600_000, { error: 'must be at most 600000 (10 minutes)' })
    .default(30_000),
  BULLMQ_STALLED_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(1000, { error: 'must be at least 1000 (1 s)' })
    .max(600_000, { error: 'must be at most 600000 (10 minutes)' })
    .optional(),
  MEDIA_WORKER_CONCURRENCY: z.coerce.number().int().min(0).max(16).default(1),
  MEDIA_JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  MEDIA_UPLOAD_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int()
    .min(1024 * 1024, { error: 'must be at least 1 MB (1048576)' })
    .default(20 * 1024 ** 3),
  MEDIA_UPLOAD_EXPIRY_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(24),
  MEDIA_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(6 * 3600),
  MEDIA_STORE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    })
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.example.com' })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, { error: 'must be a region name such as us-east-1' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  MEDIA_DELIVERY: z.enum(['proxy', 'redirect'], { error: 'must be proxy or redirect' }).default('proxy'),
  MEDIA_PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://cdn.example.com' })
    .refine((url) => !url.includes('?') && !url.includes('#'), {
      error: 'must not have a query or fragment: public media paths are appended to it',
    })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, { error: 'must be a Stripe secret key (sk_…)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, { error: 'must be a webhook signing secret (whsec_…)' })
    .optional(),
  STRIPE_API_URL: z.url({ error: 'must be a URL such as https://api.stripe.com' }).optional(),
});

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  dialect: 'sqlite' | 'postgres';
  /** Scaled-out mode: cache, rate limits (and jobs) shared through Redis; null: all in-process. */
  redis: { url: string; keyPrefix: string } | null;
  publicUrl: string;
  appName: string;
  currency: string;
  /** The operator's ad, shown in a sandboxed iframe on the browse banner; unset: the house ad. */
  adSlotUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  /** Human-readable logs: development on a terminal, unless LOG_FORMAT says otherwise. */
  prettyLogs: boolean;
  tokenPepper: string;
  mediaSigningKey: string;
  seedDemo: boolean;
  trustProxy: boolean;
  /** Bearer token that opens /metrics to other hosts; without it only loopback may read it. */
  metricsToken: string | undefined;
  authRateLimit: { max: number; windowSeconds: number };
  maxUploadBytes: number;
  /** MAX_UPLOAD_MB as set: the limit as forms and the web app name it. */
  maxUploadMb: number;
  catalogCacheSeconds: number;
  webDistDir: string;
  /** ffmpeg and ffprobe: FFMPEG_PATH / FFPROBE_PATH, else on PATH, else the npm-bundled ones. */
  mediaTools: MediaTools;
  /** Where each media tool was found. */
  mediaToolSources: Record<MediaToolName, MediaToolSource>;
  media: {
    workerConcurrency: number;
    jobMaxAttempts: number;
    urlTtlSeconds: number;
    /** The largest video a resumable upload may send. */
    uploadMaxBytes: number;
    /** An unfinished upload is deleted this long after it was started. */
    uploadExpiryMs: number;
  };
  /**
   * inProcess: the API process runs background jobs too (off when `npm run worker` processes do).
   * With BullMQ: a worker silent for lockDurationMs is taken for dead, and every stalledIntervalMs
   * its running jobs are looked for and handed to another worker.
   */
  jobs: { inProcess: boolean; lockDurationMs: number; stalledIntervalMs: number };
  /** Where media files live: DATA_DIR/media, or a bucket of an S3 service. */
  mediaStore: { kind: 'local' } | { kind: 's3'; s3: S3Settings };
  /**
   * proxy: every media byte streams through the API. redirect (S3 only): after the signature
   * checks, video segments answer 302 to a short-lived presigned URL of their object.
   */
  mediaDelivery: 'proxy' | 'redirect';
  /** Origin (and path) that public media URLs in responses point at, e.g. a CDN; unset: `/media/…` on the API. */
  mediaPublicBaseUrl: string | undefined;
  /** Stripe takes payments when both keys are set; apiUrl points the SDK elsewhere (tests). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | null;
}>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
}

/**
 * A secret the operator did not set is generated once and kept in DATA_DIR. Processes sharing
 * DATA_DIR may start at the same instant: each writes a complete draft and links it into place,
 * which only the first can do, and every process then reads the one that won.
 */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const draft = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readFileSync(file, 'utf8').trim();
}

const defaultWebDist = path.resolve(serverDir, '../web/dist');

/** An empty variable (as in a copied .env.example) means "not set". */
const setVariables = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));

const describeIssues = (issues: z.core.$ZodIssue[], env: NodeJS.ProcessEnv) =>
  issues.map(
    (issue) =>
      `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`,
  );

/** The data folder and the database, from already-validated variables. */
function storageLocations(vars: { DATA_DIR: string; DATABASE_URL?: string | undefined }) {
  const dataDir = path.resolve(vars.DATA_DIR);
  const databaseUrl = vars.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'reeltime.sqlite')}`;
  return {
    dataDir,
    databaseUrl,
    dialect: databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres',
  } as const;
}

/**
 * DATA_DIR and DATABASE_URL alone, read without creating anything: a restore must find the data
 * folder as the operator left it (loadConfig creates it and its generated secrets).
 */
export function loadStorageLocations(env: NodeJS.ProcessEnv = process.env): StorageLocations {
  const set = setVariables(env);
  const parsed = EnvSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).safeParse(set);
  if (!parsed.success) {
    throw new ConfigError(describeIssues(parsed.error.issues, env));
  }
  return storageLocations(parsed.data);
}

export type StorageLocations = Pick<Config, 'dataDir' | 'databaseUrl' | 'dialect'>;

type EnvVariables = z.infer<typeof EnvSchema>;

const MEDIA_STORE_VARIABLES = {
  MEDIA_STORE: true,
  S3_BUCKET: true,
  S3_REGION: true,
  S3_ENDPOINT: true,
  S3_ACCESS_KEY_ID: true,
  S3_SECRET_ACCESS_KEY: true,
  S3_FORCE_PATH_STYLE: true,
} as const;
type MediaStoreVariables = Pick<EnvVariables, keyof typeof MEDIA_STORE_VARIABLES>;

/** The media store the variables choose, or one line per missing or contradictory S3 variable. */
function mediaStoreOf(
  vars: MediaStoreVariables,
  needed = 'when MEDIA_STORE is s3',
): { store: Config['mediaStore'] } | { problems: string[] } {
  if (vars.MEDIA_STORE === 'local') return { store: { kind: 'local' } };
  const problems: string[] = [];
  if (!vars.S3_BUCKET) problems.push(`S3_BUCKET: must be set ${needed}`);
  if (!vars.S3_REGION)
    problems.push(`S3_REGION: must be set ${needed} (us-east-1 for most services other than AWS)`);
  if ((vars.S3_ACCESS_KEY_ID === undefined) !== (vars.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS SDK's own credentials (instance role, ~/.aws)",
    );
  }
  if (!vars.S3_BUCKET || !vars.S3_REGION || problems.length > 0) return { problems };
  return {
    store: {
      kind: 's3',
      s3: {
        bucket: vars.S3_BUCKET,
        region: vars.S3_REGION,
        endpoint: vars.S3_ENDPOINT,
        credentials:
          vars.S3_ACCESS_KEY_ID && vars.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: vars.S3_ACCESS_KEY_ID, secretAccessKey: vars.S3_SECRET_ACCESS_KEY }
            : undefined,
        forcePathStyle: vars.S3_FORCE_PATH_STYLE,
      },
    },
  };
}

export interface MediaStoreLocations {
  dataDir: string;
  /** The store the site uses now. */
  current: Config['mediaStore']['kind'];
  s3: S3Settings;
}

/**
 * DATA_DIR and the bucket of S3_*, whatever MEDIA_STORE says, read without creating anything:
 * media:migrate copies from one to the other. Throws a ConfigError listing every bad variable.
 */
export function loadMediaStoreLocations(env: NodeJS.ProcessEnv = process.env): MediaStoreLocations {
  const set = setVariables(env);
  const parsed = EnvSchema.pick({ DATA_DIR: true, ...MEDIA_STORE_VARIABLES }).safeParse(set);
  if (!parsed.success) {
    throw new ConfigError(describeIssues(parsed.error.issues, env));
  }
  const media = mediaStoreOf({ ...parsed.data, MEDIA_STORE: 's3' }, 'to copy media to or from a bucket');
  if ('problems' in media) throw new ConfigError(media.problems);
  if (media.store.kind !== 's3') throw new Error('unreachable: the s3 store was asked for');
  return {
    dataDir: path.resolve(parsed.data.DATA_DIR),
    current: parsed.data.MEDIA_STORE,
    s3: media.store.s3,
  };
}

/** Parses the environment once; throws a ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const set = setVariables(env);
  const parsed = EnvSchema.safeParse(set);
  if (!parsed.success) {
    throw new ConfigError(describeIssues(parsed.error.issues, env));
  }
  const vars = parsed.data;
  if ((vars.STRIPE_SECRET_KEY === undefined) !== (vars.STRIPE_WEBHOOK_SECRET === undefined)) {
    throw new ConfigError([
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both to take payments with Stripe, or neither',
    ]);
  }
  const stalledIntervalMs = vars.BULLMQ_STALLED_INTERVAL_MS ?? vars.BULLMQ_LOCK_DURATION_MS;
  if (stalledIntervalMs > vars.BULLMQ_LOCK_DURATION_MS) {
    throw new ConfigError([
      `BULLMQ_STALLED_INTERVAL_MS: must be at most BULLMQ_LOCK_DURATION_MS, ${vars.BULLMQ_LOCK_DURATION_MS} (got ${JSON.stringify(env.BULLMQ_STALLED_INTERVAL_MS)})`,
    ]);
  }
  const media = mediaStoreOf(vars);
  if ('problems' in media) throw new ConfigError(media.problems);
  if (vars.MEDIA_DELIVERY === 'redirect' && media.store.kind !== 's3') {
    throw new ConfigError([
      'MEDIA_DELIVERY: redirect needs MEDIA_STORE=s3 (only a bucket can hand out presigned URLs); use proxy',
    ]);
  }
  const { dataDir, databaseUrl } = storageLocations(vars);
  mkdirSync(dataDir, { recursive: true });
  const port = vars.PORT;
  const tools = resolveMediaTools({ ffmpeg: vars.FFMPEG_PATH, ffprobe: vars.FFPROBE_PATH }, env);
  return Object.freeze({
    env: vars.NODE_ENV,
    port,
    host: vars.HOST,
    dataDir,
    databaseUrl,
    dialect: databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres',
    redis: vars.REDIS_URL ? { url: vars.REDIS_URL, keyPrefix: vars.REDIS_KEY_PREFIX } : null,
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    appName: vars.APP_NAME,
    currency: vars.CURRENCY,
    adSlotUrl: vars.AD_SLOT_URL,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    logLevel: vars.LOG_LEVEL,
    prettyLogs: vars.LOG_FORMAT
      ? vars.LOG_FORMAT === 'pretty'
      : vars.NODE_ENV === 'development' && Boolean(process.stdout.isTTY),
    tokenPepper: vars.TOKEN_PEPPER ?? persistedSecret(dataDir, 'token-pepper'),
    mediaSigningKey: vars.MEDIA_SIGNING_KEY ?? persistedSecret(dataDir, 'media-signing-key'),
    seedDemo: vars.NODE_ENV !== 'production' && (vars.SEED_DEMO ?? true),
    trustProxy: vars.TRUST_PROXY,
    metricsToken: vars.METRICS_TOKEN,
    authRateLimit: { max: vars.RATE_LIMIT_AUTH_MAX, windowSeconds: vars.RATE_LIMIT_AUTH_WINDOW_SECONDS },
    maxUploadBytes: Math.round(vars.MAX_UPLOAD_MB * 1024 * 1024),
    maxUploadMb: vars.MAX_UPLOAD_MB,
    catalogCacheSeconds: vars.CATALOG_CACHE_SECONDS,
    webDistDir: defaultWebDist,
    mediaTools: tools.tools,
    mediaToolSources: tools.sources,
    media: {
      workerConcurrency: vars.MEDIA_WORKER_CONCURRENCY,
      jobMaxAttempts: vars.MEDIA_JOB_MAX_ATTEMPTS,
      urlTtlSeconds: vars.MEDIA_URL_TTL_SECONDS,
      uploadMaxBytes: vars.MEDIA_UPLOAD_MAX_BYTES,
      uploadExpiryMs: vars.MEDIA_UPLOAD_EXPIRY_HOURS * 3_600_000,
    },
    jobs: {
      inProcess: vars.IN_PROCESS_WORKER,
      lockDurationMs: vars.BULLMQ_LOCK_DURATION_MS,
      stalledIntervalMs,
    },
    mediaStore: media.store,
    mediaDelivery: vars.MEDIA_DELIVERY,
    mediaPublicBaseUrl: vars.MEDIA_PUBLIC_BASE_URL,
    stripe:
      vars.STRIPE_SECRET_KEY && vars.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: vars.STRIPE_SECRET_KEY,
            webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
            apiUrl: vars.STRIPE_API_URL,
          }
        : null,
  } satisfies Config);
}

/** For a process's entry point: the config, or its problems on stderr and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

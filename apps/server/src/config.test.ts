import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadMediaStoreLocations } from './config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('has embedded defaults: SQLite in DATA_DIR, port 3000, INR', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.dialect).toBe('sqlite');
    expect(config.databaseUrl).toBe(`sqlite:${path.join(dataDir, 'reeltime.sqlite')}`);
    expect(config.port).toBe(3000);
    expect(config.currency).toBe('INR');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
  });

  it('treats an empty variable as unset, as in a copied .env.example', () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', PORT: ' ', SMTP_URL: '' });
    expect(config.dialect).toBe('sqlite');
    expect(config.port).toBe(3000);
    expect(config.smtpUrl).toBeUndefined();
  });

  it('generates missing secrets once and keeps them in DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.tokenPepper.length).toBeGreaterThanOrEqual(32);
    expect(second.tokenPepper).toBe(first.tokenPepper);
    expect(second.mediaSigningKey).toBe(first.mediaSigningKey);
    expect(first.mediaSigningKey).not.toBe(first.tokenPepper);
    expect(readFileSync(path.join(dataDir, 'secrets', 'token-pepper'), 'utf8')).toBe(first.tokenPepper);
  });

  it('uses PostgreSQL for a postgres URL and never seeds in production', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://u@127.0.0.1/db',
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
    });
    expect(config.dialect).toBe('postgres');
    expect(config.seedDemo).toBe(false);
  });

  it('refuses to start with one line per bad variable', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir,
        PORT: 'eighty',
        CURRENCY: 'rupees',
        PUBLIC_URL: 'localhost',
        DATABASE_URL: 'mysql://x',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems.map((line) => line.split(':')[0]).sort()).toEqual([
      'CURRENCY',
      'DATABASE_URL',
      'PORT',
      'PUBLIC_URL',
    ]);
    expect((error as ConfigError).message.split('\n')).toHaveLength(5);
  });

  it('takes an optional METRICS_TOKEN of at least 32 characters', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).metricsToken).toBeUndefined();
    const token = 'm'.repeat(32);
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: 'm'.repeat(31) })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
  });

  it('takes the BullMQ lock and stalled-check times, the check following the lock unless set', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).jobs).toMatchObject({
      lockDurationMs: 30_000,
      stalledIntervalMs: 30_000,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, BULLMQ_LOCK_DURATION_MS: '10000', BULLMQ_STALLED_INTERVAL_MS: '5000' })
        .jobs,
    ).toMatchObject({ lockDurationMs: 10_000, stalledIntervalMs: 5000 });
    expect(loadConfig({ DATA_DIR: dataDir, BULLMQ_LOCK_DURATION_MS: '10000' }).jobs).toMatchObject({
      lockDurationMs: 10_000,
      stalledIntervalMs: 10_000,
    });
  });

  it('refuses BullMQ times that are not whole milliseconds, too short, or a check rarer than the lock', () => {
    const problemsOf = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig({ DATA_DIR: dataDir, ...env });
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    };
    expect(problemsOf({ BULLMQ_LOCK_DURATION_MS: '10s', BULLMQ_STALLED_INTERVAL_MS: '2.5' })).toEqual([
      'BULLMQ_LOCK_DURATION_MS: must be a number of milliseconds (got "10s")',
      'BULLMQ_STALLED_INTERVAL_MS: must be a whole number of milliseconds (got "2.5")',
    ]);
    expect(problemsOf({ BULLMQ_LOCK_DURATION_MS: '1000', BULLMQ_STALLED_INTERVAL_MS: '500' })).toEqual([
      'BULLMQ_LOCK_DURATION_MS: must be at least 5000 (5 s) (got "1000")',
      'BULLMQ_STALLED_INTERVAL_MS: must be at least 1000 (1 s) (got "500")',
    ]);
    expect(problemsOf({ BULLMQ_LOCK_DURATION_MS: '10000', BULLMQ_STALLED_INTERVAL_MS: '20000' })).toEqual([
      'BULLMQ_STALLED_INTERVAL_MS: must be at most BULLMQ_LOCK_DURATION_MS, 10000 (got "20000")',
    ]);
    expect(problemsOf({ BULLMQ_STALLED_INTERVAL_MS: '60000' })).toEqual([
      'BULLMQ_STALLED_INTERVAL_MS: must be at most BULLMQ_LOCK_DURATION_MS, 30000 (got "60000")',
    ]);
  });
  describe('media store', () => {
    const problemsOf = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig({ DATA_DIR: dataDir, ...env });
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    };
    const s3 = {
      MEDIA_STORE: 's3',
      S3_BUCKET: 'reeltime-media',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: 'http://127.0.0.1:7480',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    };

    it('keeps media in DATA_DIR unless MEDIA_STORE is s3, whatever S3 variables are set', () => {
      expect(loadConfig({ DATA_DIR: dataDir }).mediaStore).toEqual({ kind: 'local' });
      expect(loadConfig({ DATA_DIR: dataDir, ...s3, MEDIA_STORE: 'local' }).mediaStore).toEqual({
        kind: 'local',
      });
    });

    it('takes a bucket of an S3 service, with its endpoint, region, keys and addressing', () => {
      expect(loadConfig({ DATA_DIR: dataDir, ...s3 }).mediaStore).toEqual({
        kind: 's3',
        s3: {
          bucket: 'reeltime-media',
          region: 'us-east-1',
          endpoint: 'http://127.0.0.1:7480',
          credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret' },
          forcePathStyle: true,
        },
      });
      // AWS itself: no endpoint, bucket names in the host, the SDK's own credentials.
      expect(
        loadConfig({ DATA_DIR: dataDir, MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_REGION: 'eu-west-1' })
          .mediaStore,
      ).toEqual({
        kind: 's3',
        s3: {
          bucket: 'media',
          region: 'eu-west-1',
          endpoint: undefined,
          credentials: undefined,
          forcePathStyle: false,
        },
      });
    });

    it('names each missing or bad S3 variable on a line of its own', () => {
      expect(problemsOf({ MEDIA_STORE: 's3' })).toEqual([
        'S3_BUCKET: must be set when MEDIA_STORE is s3',
        'S3_REGION: must be set when MEDIA_STORE is s3 (us-east-1 for most services other than AWS)',
      ]);
      expect(problemsOf({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toEqual([
        "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS SDK's own credentials (instance role, ~/.aws)",
      ]);
      expect(
        problemsOf({
          ...s3,
          MEDIA_STORE: 'minio',
          S3_BUCKET: 'My_Bucket',
          S3_ENDPOINT: 's3.example.com',
          S3_REGION: 'EU West',
          S3_FORCE_PATH_STYLE: 'sometimes',
        }),
      ).toEqual([
        'MEDIA_STORE: must be local or s3 (got "minio")',
        'S3_BUCKET: must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens (got "My_Bucket")',
        'S3_ENDPOINT: must be an http(s) URL such as https://s3.example.com (got "s3.example.com")',
        'S3_REGION: must be a region name such as us-east-1 (got "EU West")',
        'S3_FORCE_PATH_STYLE: must be true or false (got "sometimes")',
      ]);
    });

    it('serves media through the API unless MEDIA_DELIVERY=redirect, which only a bucket can do', () => {
      expect(loadConfig({ DATA_DIR: dataDir, ...s3 }).mediaDelivery).toBe('proxy');
      expect(loadConfig({ DATA_DIR: dataDir, ...s3, MEDIA_DELIVERY: 'redirect' }).mediaDelivery).toBe(
        'redirect',
      );
      expect(problemsOf({ MEDIA_DELIVERY: 'redirect' })).toEqual([
        'MEDIA_DELIVERY: redirect needs MEDIA_STORE=s3 (only a bucket can hand out presigned URLs); use proxy',
      ]);
      expect(problemsOf({ ...s3, MEDIA_DELIVERY: 'cdn' })).toEqual([
        'MEDIA_DELIVERY: must be proxy or redirect (got "cdn")',
      ]);
    });

    it('takes an absolute http(s) MEDIA_PUBLIC_BASE_URL without query, and refuses anything else', () => {
      expect(loadConfig({ DATA_DIR: dataDir }).mediaPublicBaseUrl).toBeUndefined();
      expect(
        loadConfig({ DATA_DIR: dataDir, MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com/' })
          .mediaPublicBaseUrl,
      ).toBe('https://cdn.example.com');
      expect(
        loadConfig({ DATA_DIR: dataDir, MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com/reeltime' })
          .mediaPublicBaseUrl,
      ).toBe('https://cdn.example.com/reeltime');
      for (const bad of ['cdn.example.com', '/cdn', 'ftp://cdn.example.com']) {
        expect(problemsOf({ MEDIA_PUBLIC_BASE_URL: bad }), bad).toEqual([
          `MEDIA_PUBLIC_BASE_URL: must be an absolute http(s) URL such as https://cdn.example.com (got "${bad}")`,
        ]);
      }
      expect(problemsOf({ MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com/?v=1' })).toEqual([
        'MEDIA_PUBLIC_BASE_URL: must not have a query or fragment: public media paths are appended to it (got "https://cdn.example.com/?v=1")',
      ]);
    });

    it('gives media:migrate both stores whatever MEDIA_STORE says, or names each missing S3 variable', () => {
      expect(loadMediaStoreLocations({ DATA_DIR: dataDir, ...s3, MEDIA_STORE: 'local' })).toEqual({
        dataDir: path.resolve(dataDir),
        current: 'local',
        s3: {
          bucket: 'reeltime-media',
          region: 'us-east-1',
          endpoint: 'http://127.0.0.1:7480',
          credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret' },
          forcePathStyle: true,
        },
      });
      let problems: string[] = [];
      try {
        loadMediaStoreLocations({ DATA_DIR: dataDir, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'key-id' });
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        problems = error.problems;
      }
      expect(problems).toEqual([
        'S3_BUCKET: must be set to copy media to or from a bucket',
        "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS SDK's own credentials (instance role, ~/.aws)",
      ]);
    });
  });
});

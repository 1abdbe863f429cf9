import { createReadStream } from 'node:fs';
import { readdir, rm, stat as statFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { ByteLimit } from './byte-limit';
import { createS3ObjectReader } from './s3-object-reader';
import { isS3Unavailable } from './s3-unavailable';
import {
  FileTooLarge,
  isSafeKey,
  keySegments,
  StoreUnavailable,
  type FileStore,
  type StoredEntry,
} from './file-store';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Another S3 service than AWS (Ceph RGW, MinIO, R2…); unset for AWS itself. */
  endpoint: string | undefined;
  /** Keys from the environment; unset: the SDK's own chain (instance role, ~/.aws…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`, for services without bucket DNS names. */
  forcePathStyle: boolean;
}

/**
 * How long the service may take before a request is given up: connecting (a request waiting for
 * a free connection counts too), then any silence on the connection (waiting for an answer, or in
 * the middle of one). Silence rather than a total time, so a long upload or download that keeps
 * moving is never cut. A request is tried twice in all, so a service that is down or hung fails a
 * media request (a 503) instead of holding it: at once when it refuses connections, within about
 * 10 s when it accepts them but never answers.
 */
const S3_TIMEOUTS = { connectionTimeout: 10_000, socketTimeout: 5_000 };
/** Every proxied media response holds a connection for as long as it streams: more than the SDK's 50. */
const S3_AGENT = { keepAlive: true, maxSockets: 256 };
const S3_MAX_ATTEMPTS = 2;

/** The client settings of {@link createS3Client}, for libraries that build their own client (tus). */
export function s3ClientConfig(settings: S3Settings) {
  return {
    region: settings.region,
    requestHandler: new NodeHttpHandler({ ...S3_TIMEOUTS, httpAgent: S3_AGENT, httpsAgent: S3_AGENT }),
    maxAttempts: S3_MAX_ATTEMPTS,
    endpoint: settings.endpoint,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: the ones the SDK adds to every request by default
    // are not supported by every S3-compatible service.
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client(s3ClientConfig(settings));
}

/** The size of each part of a multipart upload; S3 takes no part under 5 MiB but the last. */
const DEFAULT_PART_BYTES = 8 * 1024 * 1024;
const PARALLEL_DELETES = 8;

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/** The service is down, unreachable, too slow or failing on its side: not a fault of the request. */
const isOutage = (error: unknown) =>
  isS3Unavailable(error) || (error instanceof Error && error.name === 'AbortError');

/** The operation's result, with outages turned into StoreUnavailable (a 503 for the client). */
const guarded = <T>(operation: Promise<T>): Promise<T> =>
  operation.catch((error: unknown) => {
    throw isOutage(error) ? new StoreUnavailable(error) : error;
  });

/** The same error a missing local file gives, so callers need not know which store they use. */
const missingFile = (key: string) =>
  Object.assign(new Error(`no file at ${JSON.stringify(key)}`), { code: 'ENOENT' });

const folderPrefix = (prefix: string) => `${keySegments(prefix.replace(/\/$/, '')).join('/')}/`;

/** Playlists name their segments: uploading them last means a reader never finds one too early. */
const playlistsLast = (a: string, b: string) =>
  Number(a.endsWith('.m3u8')) - Number(b.endsWith('.m3u8')) || a.localeCompare(b);

/** Objects in one bucket, one object per key; the bucket stays private. */
export function createS3FileStore(options: {
  client: S3Client;
  bucket: string;
  partBytes?: number;
}): FileStore {
  const { client, bucket } = options;
  const partBytes = options.partBytes ?? DEFAULT_PART_BYTES;
  const reader = createS3ObjectReader(client, bucket);

  /**
   * One object from a stream: a single PUT when it fits in a part, else a multipart upload that
   * S3 assembles only on completion and that is aborted on any failure, so readers never see half
   * an object and a failed write keeps the previous one.
   */
  async function upload(key: string, body: Readable, maxBytes?: number): Promise<number> {
    const counted = new ByteLimit(maxBytes);
    let failure: unknown;
    const limited = pipeline(body, counted, (error) => (failure = error ?? undefined));
    const transfer = new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: limited },
      partSize: partBytes,
      queueSize: 2,
      // On any failure the multipart upload is aborted, its parts deleted.
      leavePartsOnError: false,
    });
    try {
      await transfer.done();
    } catch (error) {
      limited.destroy();
      if (failure instanceof FileTooLarge) throw failure;
      throw isOutage(error) ? new StoreUnavailable(error) : error;
    }
    if (failure) throw failure;
    return counted.bytes;
  }

  async function listKeys(prefix: string): Promise<StoredEntry[]> {
    const entries: StoredEntry[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await guarded(
        client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken })),
      );
      for (const object of page.Contents ?? []) {
        // Folder markers and anything else a key cannot name are not the store's.
        if (!object.Key || !isSafeKey(object.Key)) continue;
        entries.push({
          key: object.Key,
          size: object.Size ?? 0,
          modifiedAt: object.LastModified ?? new Date(0),
        });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return entries;
  }

  async function deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += PARALLEL_DELETES) {
      await Promise.all(
        keys
          .slice(i, i + PARALLEL_DELETES)
          .map((Key) => guarded(client.send(new DeleteObjectCommand({ Bucket: bucket, Key })))),
      );
    }
  }

  const putLocalFile = async (localPath: string, key: string) => {
    await upload(key, createReadStream(localPath));
  };

  return {
    async write(key, body, options = {}) {
      keySegments(key);
      return upload(key, body, options.maxBytes);
    },

    async read(key, range) {
      keySegments(key);
      const opened = await reader.open(key, range);
      if (!opened) throw missingFile(key);
      return opened.body;
    },

    async open(key, range) {
      keySegments(key);
      return reader.open(key, range);
    },

    async stat(key) {
      keySegments(key);
      try {
        const head = await guarded(client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      keySegments(key);
      // S3 answers 204 for a key that is already gone.
      await guarded(client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })));
    },

    async list(prefix) {
      return listKeys(prefix === '' ? '' : folderPrefix(prefix));
    },

    async putFile(localPath, key) {
      keySegments(key);
      await putLocalFile(localPath, key);
      await rm(localPath, { force: true });
    },

    /**
     * Uploads every file of the folder, then deletes the keys under `prefix` it did not have.
     * Not atomic as the local store's renames are: while it runs, readers may see old and new
     * files side by side.
     */
    async importDirectory(localDir, prefix) {
      const folder = folderPrefix(prefix);
      const names: string[] = [];
      for (const name of await readdir(localDir, { recursive: true })) {
        if ((await statFile(path.join(localDir, name))).isFile()) names.push(name);
      }
      const keys = new Map(names.map((name) => [`${folder}${name.split(path.sep).join('/')}`, name]));
      for (const key of keys.keys()) keySegments(key);
      for (const key of [...keys.keys()].sort(playlistsLast)) {
        await putLocalFile(path.join(localDir, keys.get(key)!), key);
      }
      const stale = (await listKeys(folder)).map((entry) => entry.key).filter((key) => !keys.has(key));
      await deleteKeys(stale);
      await rm(localDir, { recursive: true, force: true });
    },

    /** A presigned GET: signed here with the store's keys, no request to the service. */
    async presignedReadUrl(key, seconds, response) {
      keySegments(key);
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentType: response.contentType,
        ResponseCacheControl: response.cacheControl,
      });
      return getSignedUrl(client, command, { expiresIn: seconds });
    },

    /** A HeadBucket: answers whether the bucket exists and these keys may use it. */
    async checkReachable(timeoutMs) {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }), {
          abortSignal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new StoreUnavailable(error);
      }
    },
  };
}

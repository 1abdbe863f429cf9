import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  UploadPartCopyCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { type KvStore, type Locker, type Upload } from '@tus/server';
import { s3ClientConfig, type S3Settings } from '../../adapters/storage/s3-file-store';
import { StoreUnavailable } from '../../adapters/storage/file-store';
import { isS3Unavailable } from '../../adapters/storage/s3-unavailable';
import { SOURCES_PREFIX } from '../../media/video-source';
import type { UploadStorage } from './upload-storage';

/** Where uploads arrive in the bucket; under `private/`, so /media never serves them. */
export const UPLOADS_PREFIX = 'private/uploads/';

/** How long ffprobe may read a finished upload through its presigned URL. */
const PROBE_URL_SECONDS = 15 * 60;
/** S3 copies an object of up to 5 GiB in one request; larger ones go part by part. */
const SINGLE_COPY_MAX_BYTES = 5 * 1024 ** 3;
const COPY_PART_BYTES = 1024 ** 3;

const isNotFound = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { name?: string }).name === 'NotFound' ||
    (error as { name?: string }).name === 'NoSuchKey' ||
    (error as { name?: string }).name === 'NoSuchUpload' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

/**
 * Nothing is remembered between requests: any process may have written an upload since (the next
 * request may land anywhere), and a swept upload must not live on in a cache.
 */
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => {},
  delete: async () => {},
};

/**
 * tus's S3 store, telling a bucket that does not answer apart from an upload that does not exist:
 * the store itself takes any failure to read an upload's record for a missing upload (404), and
 * a client told so starts its upload again from zero.
 */
class BucketUploadStore extends S3Store {
  constructor(
    settings: S3Settings,
    private readonly probeClient: S3Client,
  ) {
    const config = s3ClientConfig(settings);
    super({
      s3ClientConfig: { ...config, bucket: settings.bucket },
      cache: noCache,
      // Expiry is the sweep's job, by listing; tags are not needed for it.
      useTags: false,
    });
  }

  override async getUpload(id: string): Promise<Upload> {
    try {
      await this.probeClient.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.infoKey(id) }));
    } catch (error) {
      if (isS3Unavailable(error)) throw new StoreUnavailable(error);
    }
    try {
      return await super.getUpload(id);
    } catch (error) {
      if (isS3Unavailable(error)) throw new StoreUnavailable(error);
      throw error;
    }
  }
}

/**
 * Uploads in the media bucket under `private/uploads/`, so that any API process can continue one
 * and any worker can transcode it: tus's S3 store keeps each as a multipart upload (with a
 * `.info` record, and a `.part` object for a tail under S3's 5 MiB part minimum); a finished one
 * is copied to `private/sources/` and its tus objects deleted.
 */
export function createS3UploadStorage(options: {
  settings: S3Settings;
  client: S3Client;
  expiryMs: number;
  locker: Locker;
}): UploadStorage {
  const { settings, client, expiryMs, locker } = options;
  const Bucket = settings.bucket;
  const tusObjects = (id: string) => [id, `${id}.info`, `${id}.part`];

  async function copy(from: string, to: string): Promise<void> {
    const head = await client.send(new HeadObjectCommand({ Bucket, Key: from }));
    const size = head.ContentLength ?? 0;
    const CopySource = `${Bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
    if (size <= SINGLE_COPY_MAX_BYTES) {
      await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource }));
      return;
    }
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: to }));
    try {
      const parts: { ETag: string; PartNumber: number }[] = [];
      for (let start = 0, PartNumber = 1; start < size; start += COPY_PART_BYTES, PartNumber++) {
        const end = Math.min(size, start + COPY_PART_BYTES) - 1;
        const part = await client.send(
          new UploadPartCopyCommand({
            Bucket,
            Key: to,
            UploadId,
            PartNumber,
            CopySource,
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        parts.push({ ETag: part.CopyPartResult?.ETag ?? '', PartNumber });
      }
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key: to, UploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (error) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: to, UploadId })).catch(() => {});
      throw error;
    }
  }

  async function deleteObjects(keys: string[]): Promise<void> {
    // One by one: S3 answers alike for keys already gone, and multi-object deletes need checksums
    // that not every S3-compatible service takes.
    await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
  }

  async function abortMultipart(id: string): Promise<void> {
    let uploadId: string | undefined;
    try {
      const info = await client.send(new HeadObjectCommand({ Bucket, Key: `${id}.info` }));
      uploadId = info.Metadata?.['upload-id'];
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    if (!uploadId) return;
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: id, UploadId: uploadId }));
    } catch (error) {
      // Completed already, or aborted by another process.
      if (!isNotFound(error)) throw error;
    }
  }

  /** Every upload id under the prefix with the oldest time it left a trace: its multipart upload or its objects. */
  async function uploadsByAge(): Promise<Map<string, { started: number; multipart: string[] }>> {
    const uploads = new Map<string, { started: number; multipart: string[] }>();
    const note = (id: string, at: number, multipartId?: string) => {
      const known = uploads.get(id) ?? { started: at, multipart: [] };
      known.started = Math.min(known.started, at);
      if (multipartId) known.multipart.push(multipartId);
      uploads.set(id, known);
    };
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      const page = await client.send(
        new ListMultipartUploadsCommand({ Bucket, Prefix: UPLOADS_PREFIX, KeyMarker, UploadIdMarker }),
      );
      for (const upload of page.Uploads ?? [])
        if (upload.Key) note(upload.Key, upload.Initiated?.getTime() ?? 0, upload.UploadId);
      const more = page.IsTruncated === true;
      KeyMarker = more ? page.NextKeyMarker : undefined;
      UploadIdMarker = more ? page.NextUploadIdMarker : undefined;
    } while (KeyMarker);
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: UPLOADS_PREFIX, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        note(object.Key.replace(/\.(info|part)$/, ''), object.LastModified?.getTime() ?? 0);
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return uploads;
  }

  return {
    kind: 's3',
    store: new BucketUploadStore(settings, client),
    locker,
    expiryMs,
    idPrefix: UPLOADS_PREFIX,

    async probeInput(id) {
      // ffprobe tells a URL it cannot fetch from a file that is not a video only by its exit
      // code: the bucket is asked first, so that its absence is a 503, not a refused video.
      await client.send(new HeadObjectCommand({ Bucket, Key: id }));
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: id }), {
        expiresIn: PROBE_URL_SECONDS,
      });
    },

    async keepAsSource(id, name) {
      const key = `${SOURCES_PREFIX}${name}`;
      await copy(id, key);
      await deleteObjects(tusObjects(id));
      return key;
    },

    async discard(id) {
      await abortMultipart(id);
      await deleteObjects(tusObjects(id));
    },

    async sweepExpired(now = Date.now()) {
      let removed = 0;
      for (const [id, upload] of await uploadsByAge()) {
        if (now - upload.started <= expiryMs) continue;
        for (const UploadId of upload.multipart) {
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key: id, UploadId }))
            .catch((error: unknown) => {
              if (!isNotFound(error)) throw error;
            });
        }
        await deleteObjects(tusObjects(id));
        removed++;
      }
      return removed;
    },
  };
}

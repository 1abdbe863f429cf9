import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Agent, request, type Dispatcher } from 'undici';
import { isS3Unavailable } from './s3-unavailable';
import { StoreUnavailable, type OpenedFile, type OpenRange } from './file-store';

/**
 * The same limits as the SDK client's (s3-file-store.ts): 10 s to connect, 5 s of silence before
 * the answer or in the middle of it, and a connection per streaming response.
 */
const READ_AGENT_OPTIONS = {
  connectTimeout: 10_000,
  headersTimeout: 5_000,
  bodyTimeout: 5_000,
  connections: 256,
};
const ATTEMPTS = 2;
/** A signature only this process uses, at once: short-lived. */
const SIGNATURE_SECONDS = 60;

/** `bytes <start>-<end>/<size>`, as S3 answers a ranged GET. */
const CONTENT_RANGE = /^bytes (\d+)-(\d+)\/(\d+)$/;

const header = (response: Dispatcher.ResponseData, name: string): string | undefined => {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Reads objects with a presigned GET over undici rather than through the SDK's HTTP handler:
 * proxied media streams every byte through this path, and undici takes about a third less CPU per
 * byte received (docs/decisions/0038-proxied-reads-over-undici.md). Everything else the store does
 * stays on the SDK.
 */
export function createS3ObjectReader(client: S3Client, bucket: string) {
  const agent = new Agent(READ_AGENT_OPTIONS);

  async function get(key: string, range: OpenRange | undefined): Promise<Dispatcher.ResponseData> {
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), {
      expiresIn: SIGNATURE_SECONDS,
    });
    const headers = range ? { range: `bytes=${range.start}-${range.end ?? ''}` } : undefined;
    let failure: unknown;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        const response = await request(url, { dispatcher: agent, headers });
        if (response.statusCode < 500) return response;
        await response.body.dump();
        failure = Object.assign(new Error(`the bucket answered ${response.statusCode}`), {
          $metadata: { httpStatusCode: response.statusCode },
        });
      } catch (error) {
        if (!isS3Unavailable(error)) throw error;
        failure = error;
      }
    }
    throw new StoreUnavailable(failure);
  }

  return {
    /** The object's bytes (or the range of them) and what it is; undefined when there is none. */
    async open(key: string, range?: OpenRange): Promise<OpenedFile | undefined> {
      const response = await get(key, range);
      const { statusCode } = response;
      if (statusCode === 404 || statusCode === 416) {
        await response.body.dump();
        return undefined;
      }
      if (statusCode !== 200 && statusCode !== 206) {
        await response.body.dump();
        throw new Error(`the bucket refused to read ${JSON.stringify(key)}: ${statusCode}`);
      }
      const served = statusCode === 206 ? CONTENT_RANGE.exec(header(response, 'content-range') ?? '') : null;
      if (range && !served) {
        // The whole object where a part was asked: the caller's range would be wrong.
        response.body.destroy();
        return undefined;
      }
      const lastModified = Date.parse(header(response, 'last-modified') ?? '');
      return {
        info: {
          size: served ? Number(served[3]) : Number(header(response, 'content-length') ?? 0),
          modifiedAt: new Date(Number.isNaN(lastModified) ? 0 : lastModified),
        },
        range: served ? { start: Number(served[1]), end: Number(served[2]) } : undefined,
        body: response.body,
      };
    },
  };
}

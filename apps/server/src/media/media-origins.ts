import type { S3Settings } from '../adapters/storage/s3-file-store';
import type { Config } from '../config';

/**
 * The origin presigned URLs of the bucket have, as the AWS SDK addresses it: by path under the
 * endpoint, or with the bucket as a host name (never for names with dots, which TLS certificates
 * of `*.host` do not cover, so the SDK falls back to paths for them).
 */
export function bucketOrigin(
  settings: Pick<S3Settings, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>,
) {
  const service = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  if (settings.forcePathStyle || settings.bucket.includes('.')) return service.origin;
  return `${service.protocol}//${settings.bucket}.${service.host}`;
}

/**
 * Origins other than the site's that pages read media from: the CDN of MEDIA_PUBLIC_BASE_URL, and
 * with MEDIA_DELIVERY=redirect the bucket that video segments are redirected to. The page's
 * content security policy must allow them (hls.js fetches segments and playlists with XHR).
 */
export function directMediaOrigins(
  config: Pick<Config, 'mediaPublicBaseUrl' | 'mediaDelivery' | 'mediaStore'>,
): string[] {
  const origins: string[] = [];
  if (config.mediaPublicBaseUrl) origins.push(new URL(config.mediaPublicBaseUrl).origin);
  if (config.mediaDelivery === 'redirect' && config.mediaStore.kind === 's3') {
    origins.push(bucketOrigin(config.mediaStore.s3));
  }
  return [...new Set(origins)];
}

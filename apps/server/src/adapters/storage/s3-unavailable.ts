/**
 * Telling an S3 service that cannot answer now from one that refuses a request; free of the AWS
 * SDK, so that code loaded without MEDIA_STORE=s3 can ask it without loading the SDK.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  // undici's, for reads (s3-object-reader.ts)
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** Answers of a service in trouble for now (501, a feature it lacks, is not one of them). */
const SERVER_TROUBLE = new Set([500, 502, 503, 504]);

/**
 * Whether an S3 request failed because the service cannot be reached or is not serving now
 * (refused or dropped connections, timeouts, 500/502/503/504 answers), rather than because of the request.
 */
export function isS3Unavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, $metadata } = error as {
    code?: unknown;
    name?: unknown;
    $metadata?: { httpStatusCode?: number };
  };
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  if (name === 'TimeoutError' || name === 'RequestTimeout') return true;
  return SERVER_TROUBLE.has($metadata?.httpStatusCode ?? 0);
}

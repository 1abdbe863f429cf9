import type { RawRequest } from './raw-http';

/** A multipart/form-data body written by hand, so that parts can be wrong in any way. */
export interface Part {
  name?: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

export const BOUNDARY = 'reeltime-bad-input-boundary';

function partBytes(part: Part, boundary: string): Buffer {
  const disposition = [
    'form-data',
    ...(part.name !== undefined ? [`name="${part.name}"`] : []),
    ...(part.filename !== undefined ? [`filename="${part.filename}"`] : []),
  ].join('; ');
  const head =
    `--${boundary}\r\ncontent-disposition: ${disposition}\r\n` +
    (part.contentType ? `content-type: ${part.contentType}\r\n` : '') +
    '\r\n';
  return Buffer.concat([Buffer.from(head, 'utf8'), Buffer.from(part.value), Buffer.from('\r\n')]);
}

export function multipartBody(parts: Part[], boundary = BOUNDARY, closed = true): Buffer {
  return Buffer.concat([
    ...parts.map((part) => partBytes(part, boundary)),
    Buffer.from(closed ? `--${boundary}--\r\n` : ''),
  ]);
}

export function formRequest(method: string, target: string, parts: Part[]): RawRequest {
  return {
    method,
    target,
    headers: [['content-type', `multipart/form-data; boundary=${BOUNDARY}`]],
    body: multipartBody(parts),
  };
}

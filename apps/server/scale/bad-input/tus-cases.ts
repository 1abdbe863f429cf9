import { AdminVideoUploadEndpoints, API_BASE } from '@reeltime/contract';
import { caseMaker, pathOf, type BadCase } from './bad-case';
import { BAD_IDS, TRAVERSAL_SEGMENTS } from './hostile-values';
import type { Operation } from './operations';
import type { RawRequest } from './raw-http';

/**
 * The resumable upload protocol (tus 1.0.0) spoken wrongly: missing or unknown versions, lengths
 * and offsets that are not numbers, metadata that is not base64 or names a file outside the
 * folder, and, on an upload that exists, offsets that do not match and bytes of the wrong type.
 */

const b64 = (text: string) => Buffer.from(text).toString('base64');
const TUS_BYTES = 'application/offset+octet-stream';

const UPLOADS = `${API_BASE}${AdminVideoUploadEndpoints.create.path}`;

/** The document lists the upload operations without a body: tus reads the request itself. */
export const isTusOperation = (operation: Operation) =>
  operation.path === UPLOADS || operation.path.startsWith(`${UPLOADS}/`);

/** Metadata for a real upload to a title (the suite creates one of 1 000 bytes, which no case completes). */
export const uploadMetadata = (titleId: number) =>
  `filename ${b64('clip.mp4')},title_id ${b64(String(titleId))}`;

export function tusCases(operation: Operation, existingUploadId?: string): BadCase[] {
  if (!isTusOperation(operation)) return [];
  const make = caseMaker(operation);
  const version: [string, string] = ['tus-resumable', '1.0.0'];
  const cases: BadCase[] = [];

  if (!operation.path.includes('{uploadId}')) {
    const create = (what: string, headers: Array<[string, string]>) =>
      cases.push(make('tus', what, { method: 'POST', target: pathOf(operation), headers }));
    const target = `title_id ${b64('999999')}`;
    create('no Tus-Resumable', [
      ['upload-length', '10'],
      ['upload-metadata', `filename ${b64('a.mp4')},${target}`],
    ]);
    create('an unknown tus version', [
      ['tus-resumable', '0.2.2'],
      ['upload-length', '10'],
    ]);
    for (const length of ['-1', 'abc', '1e30', '99999999999999999999', '', '0', '1.5']) {
      create(`Upload-Length ${length}`, [
        version,
        ['upload-length', length],
        ['upload-metadata', `filename ${b64('a.mp4')},${target}`],
      ]);
    }
    create('a deferred length', [
      version,
      ['upload-defer-length', '1'],
      ['upload-metadata', `filename ${b64('a.mp4')},${target}`],
    ]);
    for (const metadata of [
      'not base64 at all!!',
      'filename',
      `filename ${b64('a.mp4')}`,
      `filename ${b64('a.mp4')},title_id ${b64('abc')}`,
      `filename ${b64('a.mp4')},title_id ${b64('1')},episode_id ${b64('1')}`,
      `filename ${b64('../../etc/passwd')},${target}`,
      `filename ${b64('a\u0000.mp4')},${target}`,
      `filename ${b64('x'.repeat(4000))},${target}`,
      `filename ${b64('a.mp4')},filename ${b64('b.mp4')},${target}`,
      `${'k'.repeat(200)} ${b64('v')}`,
      ',,,, ,',
    ]) {
      create(`Upload-Metadata ${metadata.slice(0, 40)}`, [
        version,
        ['upload-length', '10'],
        ['upload-metadata', metadata],
      ]);
    }
    create('a body on creation', [
      version,
      ['upload-length', '10'],
      ['content-type', TUS_BYTES],
      ['upload-metadata', `filename ${b64('a.mp4')},${target}`],
    ]);
    return cases;
  }

  const on = (
    id: string,
    what: string,
    method: string,
    headers: Array<[string, string]>,
    body?: Buffer,
  ): void => {
    const request: RawRequest = {
      method,
      target: pathOf(operation, { uploadId: id }),
      headers,
      ...(body ? { body } : {}),
    };
    cases.push(make('tus', what, request));
  };
  const patch = (id: string, what: string, headers: Array<[string, string]>, body = Buffer.alloc(16, 7)) =>
    on(id, what, operation.method, headers, operation.method === 'PATCH' ? body : undefined);
  for (const id of [...BAD_IDS, ...TRAVERSAL_SEGMENTS, 'a'.repeat(300)]) {
    patch(id, `upload id ${id.slice(0, 40)}`, [version, ['upload-offset', '0'], ['content-type', TUS_BYTES]]);
  }
  if (operation.method !== 'PATCH' || !existingUploadId) return cases;
  const id = existingUploadId;
  patch(id, 'an offset beyond what arrived', [version, ['upload-offset', '5'], ['content-type', TUS_BYTES]]);
  patch(id, 'a negative offset', [version, ['upload-offset', '-1'], ['content-type', TUS_BYTES]]);
  patch(id, 'an offset that is not a number', [
    version,
    ['upload-offset', 'abc'],
    ['content-type', TUS_BYTES],
  ]);
  patch(id, 'no offset', [version, ['content-type', TUS_BYTES]]);
  patch(id, 'no tus version', [
    ['upload-offset', '0'],
    ['content-type', TUS_BYTES],
  ]);
  patch(
    id,
    'JSON instead of bytes',
    [version, ['upload-offset', '0'], ['content-type', 'application/json']],
    Buffer.from('{}'),
  );
  patch(id, 'no content type', [version, ['upload-offset', '0']]);
  patch(
    id,
    'more bytes than the upload length',
    [version, ['upload-offset', '0'], ['content-type', TUS_BYTES]],
    Buffer.alloc(4096, 1),
  );
  return cases;
}

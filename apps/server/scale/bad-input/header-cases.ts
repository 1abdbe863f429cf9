import { caseMaker, JSON_TYPE, pathOf, queryOf, type BadCase } from './bad-case';
import type { Operation } from './operations';
import type { RawRequest } from './raw-http';

/**
 * Headers no browser sends: broken or oversized credentials (sent as a visitor, so the site's own
 * token checks are what answers), lengths that contradict each other or the body, a missing Host,
 * thousands of headers, and methods that do not exist.
 */
export function headerCases(operation: Operation): BadCase[] {
  const make = caseMaker(operation);
  const target = pathOf(operation) + queryOf(operation);
  const sends = operation.method !== 'GET' && operation.method !== 'HEAD';
  const request = (
    headers: Array<[string, string]>,
    body?: Buffer,
    method = operation.method,
  ): RawRequest => ({
    method,
    target,
    headers,
    ...(body ? { body } : {}),
  });
  const credential = (what: string, value: string) =>
    make('headers', what, request([['authorization', value]]), 'visitor');

  const cases: BadCase[] = [
    credential('Bearer without a token', 'Bearer'),
    credential('Bearer and spaces', 'Bearer    '),
    credential('a 10 KB token', `Bearer ${'a'.repeat(10 * 1024)}`),
    credential('a token of odd bytes', 'Bearer ../../etc/passwd\u00ff'),
    credential('Basic credentials', `Basic ${Buffer.from('admin:admin').toString('base64')}`),
    credential('a token with SQL', "Bearer ' or 1=1 --"),
    make(
      'headers',
      'two authorization headers',
      request([
        ['authorization', 'Bearer a'],
        ['authorization', 'Bearer b'],
      ]),
      'visitor',
    ),
    make('headers', 'a 20 KB cookie', request([['cookie', `session=${'c'.repeat(20 * 1024)}`]])),
    make(
      'headers',
      '1 500 headers',
      request(Array.from({ length: 1500 }, (_, i): [string, string] => [`x-filler-${i}`, 'v'])),
    ),
    make('headers', 'no Host', request([['host', '']])),
    make('headers', 'a header without a value', request([['x-empty', '']])),
    make(
      'headers',
      'a forged forwarded address',
      request([
        ['x-forwarded-for', '127.0.0.1, ../../etc/passwd, ::1'],
        ['x-forwarded-host', 'evil.example'],
      ]),
    ),
    make('headers', 'an unknown method', request([], undefined, 'FOO')),
    make('headers', 'TRACE', request([], undefined, 'TRACE')),
    make('headers', 'a lower-case method', request([], undefined, operation.method.toLowerCase())),
  ];
  if (!sends) return cases;
  const body = Buffer.from('{}');
  const json: Array<[string, string]> = [['content-type', JSON_TYPE]];
  cases.push(
    make('headers', 'a negative content-length', request([...json, ['content-length', '-1']], body)),
    make(
      'headers',
      'a content-length that is not a number',
      request([...json, ['content-length', 'abc']], body),
    ),
    make(
      'headers',
      'two different content-lengths',
      request([...json, ['content-length', '2'], ['content-length', '3']], body),
    ),
    make(
      'headers',
      'a content-length shorter than the body',
      request([...json, ['content-length', '1']], body),
    ),
    make(
      'headers',
      'a content-length beyond any limit',
      request([...json, ['content-length', '99999999999999']], body),
    ),
    make(
      'headers',
      'chunked and a content-length',
      request(
        [...json, ['transfer-encoding', 'chunked'], ['content-length', '2']],
        Buffer.from('2\r\n{}\r\n0\r\n\r\n'),
      ),
    ),
    make(
      'headers',
      'a chunk size that is not hex',
      request([...json, ['transfer-encoding', 'chunked']], Buffer.from('zz\r\n{}\r\n0\r\n\r\n')),
    ),
    make(
      'headers',
      'an unknown transfer-encoding',
      request([...json, ['transfer-encoding', 'gzip, chunked']], Buffer.from('2\r\n{}\r\n0\r\n\r\n')),
    ),
    make('headers', 'a gzip body that is not gzip', request([...json, ['content-encoding', 'gzip']], body)),
    make('headers', '10 MB chunked without a length', () =>
      request([...json, ['transfer-encoding', 'chunked']], chunked(Buffer.alloc(10 * 1024 * 1024, 0x20))),
    ),
  );
  return cases;
}

function chunked(bytes: Buffer, size = 64 * 1024): Buffer {
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) {
    const piece = bytes.subarray(at, at + size);
    pieces.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(pieces);
}

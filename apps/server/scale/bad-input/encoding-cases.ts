import { caseMaker, JSON_TYPE, pathOf, queryOf, type BadCase } from './bad-case';
import { multipartBody } from './multipart';
import type { Operation } from './operations';
import type { RawRequest } from './raw-http';
import { validObject } from './schema-values';

/**
 * Bodies that are not JSON although they say so (cut short, trailing garbage, nested thousands of
 * levels deep…), and bodies whose declared type is not one the operation reads, or is garbled.
 * Sent to every operation with a method that carries a body.
 */

const nested = (depth: number, open: string, close: string, inner = '1') =>
  open.repeat(depth) + inner + close.repeat(depth);

export const BAD_JSON: Array<[string, string | Buffer]> = [
  ['cut short', '{"email": "a@example.com", "pass'],
  ['only an opening brace', '{'],
  ['trailing garbage', '{"a": 1} trailing'],
  ['two documents', '{"a": 1}{"b": 2}'],
  ['single quotes', "{'a': 1}"],
  ['a trailing comma', '{"a": 1,}'],
  ['unquoted keys', '{a: 1}'],
  ['NaN', '{"a": NaN}'],
  ['a comment', '{"a": 1 /* hi */}'],
  ['a number beyond double', '{"a": 1e400}'],
  ['arrays nested 10 000 deep', nested(10_000, '[', ']')],
  ['objects nested 5 000 deep', nested(5_000, '{"a":', '}')],
  ['a byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{}')])],
  ['UTF-16', Buffer.from('{"a":1}', 'utf16le')],
  ['a NUL byte', Buffer.from('{"a":\u0000 1}')],
  ['only whitespace', '   \r\n\t '],
  ['duplicated keys', '{"a": 1, "a": {"b": 2}, "a": [3]}'],
  ['a raw control character in a string', '{"a": "line\nbreak"}'],
  ['a bad escape', '{"a": "\\x41"}'],
  ['a lone surrogate escape', '{"a": "\\ud800"}'],
];

export function encodingCases(operation: Operation): BadCase[] {
  if (operation.method === 'GET' || operation.method === 'HEAD') return [];
  const make = caseMaker(operation);
  const target = pathOf(operation) + queryOf(operation);
  const withType = (contentType: string | undefined, body: string | Buffer): RawRequest => ({
    method: operation.method,
    target,
    headers: contentType === undefined ? [] : [['content-type', contentType]],
    body: Buffer.from(body),
  });
  const validJson = JSON.stringify(validObject(operation.jsonBody ?? operation.formBody ?? {}));
  const cases = BAD_JSON.map(([what, body]) => make('bad json', what, withType(JSON_TYPE, body)));
  cases.push(make('bad json', 'declared JSON, sent empty', withType(JSON_TYPE, '')));

  const types: Array<[string, string | undefined, string | Buffer]> = [
    ['text/plain', 'text/plain', validJson],
    ['form-urlencoded', 'application/x-www-form-urlencoded', 'a=1&b=2&a=3'],
    [
      'multipart where JSON is expected',
      'multipart/form-data; boundary=b',
      multipartBody([{ name: 'a', value: '1' }], 'b'),
    ],
    ['JSON in Latin-1', 'application/json; charset=latin1', validJson],
    ['JSON in UTF-16', 'application/json; charset=utf-16', Buffer.from(validJson, 'utf16le')],
    ['no content type', undefined, validJson],
    ['an empty content type', '', validJson],
    ['a wildcard type', '*/*', validJson],
    ['garbled parameters', 'application/json;;;=;charset', validJson],
    ['upper case type', 'APPLICATION/JSON', validJson],
    ['a vendor JSON type', 'application/vnd.api+json', validJson],
    [
      'XML',
      'application/xml',
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
    ],
    ['a 4 KB content type', `application/json; x=${'y'.repeat(4096)}`, validJson],
    ['tus bytes where JSON is expected', 'application/offset+octet-stream', Buffer.alloc(64, 1)],
  ];
  for (const [what, contentType, body] of types)
    cases.push(make('content type', what, withType(contentType, body)));
  if (operation.consumes.includes('multipart/form-data') && !operation.consumes.includes(JSON_TYPE)) {
    cases.push(make('content type', 'JSON where only a form is read', withType(JSON_TYPE, validJson)));
  }
  return cases;
}

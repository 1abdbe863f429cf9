import { caseMaker, pathOf, queryOf, type BadCase } from './bad-case';
import { HOSTILE_FILE_NAMES } from './hostile-values';
import { BOUNDARY, formRequest, multipartBody, type Part } from './multipart';
import type { Operation } from './operations';
import { isBinary, validObject } from './schema-values';

/**
 * Forms broken in their framing (no boundary, another boundary, cut short, parts without a name)
 * or in their content (huge parts, too many parts, files that are not what they claim, file names
 * that try to leave a folder). Sent to every operation that reads forms, and a few to every
 * operation that reads JSON only.
 */

const NOT_AN_IMAGE = Buffer.from('#!/bin/sh\necho this is not an image\n');
/** A PNG signature, then garbage. */
const BROKEN_PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.alloc(64, 0xff),
]);
/** A JPEG start, then garbage: passes a sniff of the first bytes, fails any decoder. */
const BROKEN_JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(256, 0x41)]);

function textParts(operation: Operation): Part[] {
  return Object.entries(validObject(operation.formBody ?? {})).map(([name, value]) => ({
    name,
    value: String(value),
  }));
}

function fileFields(operation: Operation): string[] {
  return Object.entries(operation.formBody?.properties ?? {})
    .filter(([, property]) => isBinary(property))
    .map(([name]) => name);
}

export function multipartCases(operation: Operation): BadCase[] {
  if (operation.consumes.length === 0) return [];
  const make = caseMaker(operation);
  const target = pathOf(operation) + queryOf(operation);
  const form = (parts: Part[]) => formRequest(operation.method, target, parts);
  const framed = (contentType: string, body: Buffer) => ({
    method: operation.method,
    target,
    headers: [['content-type', contentType]] as Array<[string, string]>,
    body,
  });
  const text = textParts(operation);
  const body = multipartBody([...text, { name: 'extra', value: 'x' }]);
  const cases: BadCase[] = [
    make('broken multipart', 'no boundary', framed('multipart/form-data', body)),
    make('broken multipart', 'another boundary', framed('multipart/form-data; boundary=not-the-one', body)),
    make('broken multipart', 'an empty boundary', framed('multipart/form-data; boundary=', body)),
    make(
      'broken multipart',
      'cut short',
      framed(`multipart/form-data; boundary=${BOUNDARY}`, body.subarray(0, Math.floor(body.length / 2))),
    ),
    make(
      'broken multipart',
      'no closing boundary',
      framed(`multipart/form-data; boundary=${BOUNDARY}`, multipartBody(text, BOUNDARY, false)),
    ),
    make(
      'broken multipart',
      'an empty body',
      framed(`multipart/form-data; boundary=${BOUNDARY}`, Buffer.alloc(0)),
    ),
    make('broken multipart', 'a part without a name', form([...text, { value: 'nameless' }])),
    make(
      'broken multipart',
      'a part head without its blank line',
      framed(
        `multipart/form-data; boundary=${BOUNDARY}`,
        Buffer.from(
          `--${BOUNDARY}\r\ncontent-disposition: form-data; name="a"\r\nvalue\r\n--${BOUNDARY}--\r\n`,
        ),
      ),
    ),
  ];
  if (!operation.formBody) return cases;

  cases.push(
    make('broken multipart', 'a 2 MB text part', () =>
      form([...text, { name: text[0]?.name ?? 'field', value: 'A'.repeat(2 * 1024 * 1024) }]),
    ),
    make(
      'broken multipart',
      '2 000 parts',
      form(Array.from({ length: 2000 }, (_, i) => ({ name: `f${i}`, value: 'x' }))),
    ),
    make('broken multipart', 'every field twice', form([...text, ...text])),
    make(
      'broken multipart',
      'a file where text is expected',
      form(text.map((part) => ({ ...part, filename: 'a.txt', contentType: 'text/plain' }))),
    ),
    make(
      'broken multipart',
      'a file in an unknown field',
      form([
        ...text,
        { name: 'unexpected', value: BROKEN_JPEG, filename: 'a.jpg', contentType: 'image/jpeg' },
      ]),
    ),
  );
  for (const field of fileFields(operation)) {
    const withFile = (file: Omit<Part, 'name'>) => form([...text, { name: field, ...file }]);
    cases.push(
      make(
        'broken multipart',
        `${field}: a script named .jpg`,
        withFile({ value: NOT_AN_IMAGE, filename: 'poster.jpg', contentType: 'image/jpeg' }),
      ),
      make(
        'broken multipart',
        `${field}: a broken PNG`,
        withFile({ value: BROKEN_PNG, filename: 'poster.png', contentType: 'image/png' }),
      ),
      make(
        'broken multipart',
        `${field}: a broken JPEG`,
        withFile({ value: BROKEN_JPEG, filename: 'poster.jpg', contentType: 'image/jpeg' }),
      ),
      make(
        'broken multipart',
        `${field}: an empty file`,
        withFile({ value: Buffer.alloc(0), filename: 'poster.jpg', contentType: 'image/jpeg' }),
      ),
      make('broken multipart', `${field}: a 12 MB file`, () =>
        withFile({
          value: Buffer.alloc(12 * 1024 * 1024, 0x41),
          filename: 'poster.jpg',
          contentType: 'image/jpeg',
        }),
      ),
      make(
        'broken multipart',
        `${field}: twice`,
        form([
          ...text,
          { name: field, value: BROKEN_JPEG, filename: 'a.jpg', contentType: 'image/jpeg' },
          { name: field, value: BROKEN_JPEG, filename: 'b.jpg', contentType: 'image/jpeg' },
        ]),
      ),
    );
    for (const filename of HOSTILE_FILE_NAMES) {
      cases.push(
        make(
          'path traversal',
          `${field} named ${JSON.stringify(filename.slice(0, 30))}`,
          withFile({ value: BROKEN_JPEG, filename, contentType: 'image/jpeg' }),
        ),
      );
    }
  }
  return cases;
}

import { caseMaker, jsonRequest, JSON_TYPE, pathOf, queryOf, type BadCase } from './bad-case';
import { INVALID_UTF8, megabytes, UNICODE_ODDITIES } from './hostile-values';
import { formRequest } from './multipart';
import type { Operation, Schema } from './operations';
import { isBinary, validObject, wrongTypeValues } from './schema-values';

/**
 * Bodies that are well-formed JSON (or forms) but wrong for the operation's schema: a field of
 * another type, a required field missing, fields it does not know, strings far too long, odd text.
 */

const fieldsOf = (schema: Schema) =>
  Object.entries(schema.properties ?? {}).filter(([, property]) => !isBinary(property));

const stringFields = (schema: Schema) =>
  fieldsOf(schema)
    .filter(([, property]) => JSON.stringify(property).includes('"string"'))
    .map(([name]) => name);

/** The text fields of a form-only operation, with `override` on top, as multipart. */
function formBodyCase(operation: Operation, override: Record<string, unknown>) {
  const fields = { ...validObject(operation.formBody!), ...override };
  return formRequest(
    operation.method,
    pathOf(operation) + queryOf(operation),
    Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
  );
}

export function bodyCases(operation: Operation): BadCase[] {
  const schema = operation.jsonBody ?? operation.formBody;
  if (!schema) return [];
  const make = caseMaker(operation);
  const target = pathOf(operation) + queryOf(operation);
  const valid = validObject(schema);
  const send = (body: Record<string, unknown>) =>
    operation.jsonBody ? jsonRequest(operation.method, target, body) : formBodyCase(operation, body);
  const cases: BadCase[] = [];

  for (const [name, property] of fieldsOf(schema)) {
    const wrongs = operation.jsonBody ? wrongTypeValues(property) : ['[object Object]', ''];
    for (const value of wrongs) {
      cases.push(make('wrong type', `${name}: ${JSON.stringify(value)}`, send({ ...valid, [name]: value })));
    }
    if (property.items && operation.jsonBody) {
      for (const item of wrongTypeValues(property.items)) {
        cases.push(
          make('wrong type', `${name}[0]: ${JSON.stringify(item)}`, send({ ...valid, [name]: [item] })),
        );
      }
    }
  }
  if (operation.jsonBody) {
    for (const body of [[], 'text', 42, null, true]) {
      cases.push(
        make(
          'wrong type',
          `the body is ${JSON.stringify(body)}`,
          jsonRequest(operation.method, target, body),
        ),
      );
    }
  }

  for (const name of schema.required ?? []) {
    const { [name]: _dropped, ...rest } = valid;
    cases.push(make('missing field', `without ${name}`, send(rest)));
  }
  if ((schema.required ?? []).length > 0) cases.push(make('missing field', 'empty object', send({})));

  cases.push(make('extra field', 'an unknown field', send({ ...valid, unexpected_field: 1 })));
  cases.push(
    make(
      'extra field',
      'privilege fields',
      send({ ...valid, is_admin: true, id: 1, user_id: 1, role: 'admin' }),
    ),
  );
  if (operation.jsonBody) {
    for (const polluter of [
      '{"__proto__":{"is_admin":true}}',
      '{"constructor":{"prototype":{"is_admin":true}}}',
    ]) {
      const text = JSON.stringify(valid).replace(
        /^\{/,
        polluter.slice(0, -1) + (Object.keys(valid).length ? ',' : ''),
      );
      cases.push(
        make('extra field', polluter, {
          method: operation.method,
          target,
          headers: [['content-type', JSON_TYPE]],
          body: Buffer.from(text),
        }),
      );
    }
  }

  const strings = stringFields(schema);
  for (const [index, name] of strings.entries()) {
    cases.push(make('huge string', `${name}: 100 KB`, send({ ...valid, [name]: 'A'.repeat(100 * 1024) })));
    if (index === 0) {
      cases.push(make('huge string', `${name}: 1 MB`, () => send({ ...valid, [name]: megabytes(1) })));
      cases.push(make('huge string', `${name}: 10 MB`, () => send({ ...valid, [name]: megabytes(10) })));
    }
  }
  for (const name of strings.slice(0, 3)) {
    for (const text of UNICODE_ODDITIES) {
      cases.push(
        make('unicode', `${name}: ${JSON.stringify(text).slice(0, 40)}`, send({ ...valid, [name]: text })),
      );
    }
    if (operation.jsonBody) {
      for (const bytes of INVALID_UTF8) {
        const [before, after] = JSON.stringify({ ...valid, [name]: '\u0001' }).split('\\u0001');
        const body = Buffer.concat([Buffer.from(before!), bytes, Buffer.from(after!)]);
        cases.push(
          make('unicode', `${name}: bytes ${bytes.toString('hex')}`, {
            method: operation.method,
            target,
            headers: [['content-type', JSON_TYPE]],
            body,
          }),
        );
      }
    }
  }
  return cases;
}

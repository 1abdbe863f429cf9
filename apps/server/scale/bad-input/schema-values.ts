import type { Schema } from './operations';

/**
 * Values for a JSON Schema: one that passes it (so that a request fails on the one field a case
 * breaks, not on another), and values of every other JSON type.
 */

/** An id no row has: a request that passes validation is still refused without changing anything. */
export const ABSENT_ID = 999_999;

const typesOf = (schema: Schema): string[] => {
  if (schema.enum) return [typeof schema.enum[0]];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.flatMap(typesOf);
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
};

export const isBinary = (schema: Schema) => schema.format === 'binary';

function validString(schema: Schema): string {
  if (schema.format === 'email') return 'someone@example.com';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/a';
  if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return '2024-01-31';
  if (schema.pattern?.startsWith('^\\d')) return String(ABSENT_ID);
  if (schema.pattern?.startsWith('^[A-Za-z]{2,3}')) return 'en';
  if (schema.pattern?.startsWith('^#')) return '#aabbcc';
  return 'x'.repeat(Math.max(schema.minLength ?? 1, 8));
}

export function validValue(schema: Schema): unknown {
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.[0]) return validValue(alternatives[0]);
  if (schema.allOf?.[0]) return validValue(schema.allOf[0]);
  const [type] = typesOf(schema);
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? ABSENT_ID, ABSENT_ID));
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [validValue(schema.items)] : [];
    case 'object':
      return validObject(schema);
    case 'null':
      return null;
    default:
      return validString(schema);
  }
}

/** The required properties (binary file fields aside), each with a valid value. */
export function validObject(schema: Schema): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const name of schema.required ?? []) {
    const property = schema.properties?.[name];
    if (property && !isBinary(property)) object[name] = validValue(property);
  }
  return object;
}

const SAMPLES: Record<string, unknown[]> = {
  string: ['text'],
  number: [12.5],
  integer: [7],
  boolean: [true],
  array: [[1, 'a', null]],
  object: [{ nested: { deeper: [1] } }],
  null: [null],
};

/** Values of every JSON type the schema does not accept. */
export function wrongTypeValues(schema: Schema): unknown[] {
  const accepted = new Set(typesOf(schema));
  if (accepted.has('number')) accepted.add('integer');
  if (schema.nullable) accepted.add('null');
  const values: unknown[] = [];
  for (const [type, samples] of Object.entries(SAMPLES)) {
    if (accepted.has(type)) continue;
    // An integer where a number is accepted is no wrong type; a fraction where an integer is, is.
    if (type === 'number' && accepted.has('integer')) values.push(1.5);
    else values.push(...samples);
  }
  return values;
}

/** What a query string or path segment carries where a number or a flag is expected. */
export const WRONG_TEXT_VALUES = ['abc', 'true', '[]', '{}', 'null', '1e309', '', ' ', '%', '1,2'];

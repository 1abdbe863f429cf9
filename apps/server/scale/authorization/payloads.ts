/**
 * Requests valid enough to get past validation, derived from the OpenAPI document the site
 * serves (itself generated from the contract's zod schemas). Fields that name a resource (`*_id`,
 * `id`, `ids`, `session_id`, `lease_id`) take the ids of the owner's fixtures, so that another
 * member's call aims at the owner's data.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON Schema of any shape
type Schema = any;

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: Schema }>;
  requestBody?: { content?: Record<string, { schema: Schema }> };
}

/** Values a request may need: fixtures by field name, and the caller's own email. */
export interface PayloadValues {
  /** By field name (`entertainment_id`, `lease_id`, …). */
  fields: Record<string, string | number>;
  callerEmail: string;
}

const PATTERN_CANDIDATES = ['1', '2025-01-15', 'abcdefghijklmnopqrstuvwxyz012345', 'abc', '#336699', 'en'];

function sampleString(schema: Schema, name: string, values: PayloadValues): string {
  if (/email/i.test(name) || schema.format === 'email') return values.callerEmail;
  if (/password/i.test(name)) return 'not-the-password-1';
  if (/(link|url)$/i.test(name) || schema.format === 'uri') return 'https://www.example.com/clip';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern as string);
    const fit = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate));
    if (fit) return fit;
  }
  const base = `scale ${name || 'text'}`;
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? 200;
  return base.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, base.length)));
}

/** One value that the schema accepts, for a field called `name`. */
export function sample(schema: Schema, name: string, values: PayloadValues): unknown {
  if (!schema || typeof schema !== 'object') return 'x';
  if (name in values.fields && !Array.isArray(schema.items) && schema.type !== 'array') {
    return values.fields[name];
  }
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.includes(true) ? true : schema.enum[0];
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) {
    const numeric = alternatives.find((option) => option.type === 'number' || option.type === 'integer');
    return sample(
      numeric ?? alternatives.find((option) => option.type !== 'null') ?? alternatives[0],
      name,
      values,
    );
  }
  if (Array.isArray(schema.allOf)) return sample(schema.allOf[0], name, values);
  switch (schema.type) {
    case 'object':
      return sampleObject(schema, values);
    case 'array': {
      const single = name.replace(/s$/, '');
      const itemName = name === 'ids' ? 'id' : single;
      const count = Math.max(1, (schema.minItems as number | undefined) ?? 0);
      return Array.from({ length: count }, () => sample(schema.items, itemName, values));
    }
    case 'integer':
    case 'number': {
      const min =
        (schema.minimum as number | undefined) ?? (schema.exclusiveMinimum as number | undefined) ?? 1;
      const max = (schema.maximum as number | undefined) ?? Number.MAX_SAFE_INTEGER;
      return Math.min(max, Math.max(1, Math.ceil(min)));
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return sampleString(schema, name, values);
  }
}

/** The required fields, and the optional ones that name a fixture. */
function sampleObject(schema: Schema, values: PayloadValues): Record<string, unknown> {
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);
  const result: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries<Schema>(schema.properties ?? {})) {
    if (required.has(field) || field in values.fields) result[field] = sample(fieldSchema, field, values);
  }
  return result;
}

/** The OpenAPI path of a Fastify route path: `:id` → `{id}`. */
export const openApiPath = (routePath: string) => routePath.replace(/:(\w+)/g, '{$1}');

/** Query string and JSON body for one operation (none when the document does not list it). */
export function requestFor(
  document: OpenApiDocument,
  method: string,
  routePath: string,
  values: PayloadValues,
): { query: string; body?: unknown; documented: boolean } {
  const operation = document.paths[openApiPath(routePath)]?.[method.toLowerCase()];
  if (!operation) return { query: '', documented: false };
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    if (!parameter.required && !(parameter.name in values.fields)) continue;
    query.set(parameter.name, String(sample(parameter.schema, parameter.name, values)));
  }
  const json = operation.requestBody?.content?.['application/json']?.schema;
  return {
    query: query.size > 0 ? `?${query.toString()}` : '',
    ...(json ? { body: sample(json, '', values) } : {}),
    documented: true,
  };
}

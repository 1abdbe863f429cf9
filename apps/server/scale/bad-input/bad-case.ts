import { ABSENT_ID, validValue } from './schema-values';
import type { Access, Operation } from './operations';
import type { RawRequest } from './raw-http';

export type Category =
  | 'wrong type'
  | 'missing field'
  | 'extra field'
  | 'huge string'
  | 'bad json'
  | 'content type'
  | 'broken multipart'
  | 'path traversal'
  | 'bad id'
  | 'unicode'
  | 'duplicated query'
  | 'long url'
  | 'headers'
  | 'tus';

/** One malformed request, and whose token it carries so that it reaches validation. */
export interface BadCase {
  category: Category;
  /** `METHOD /path/{param}` of the operation it aims at. */
  operation: string;
  /** What is wrong with it, for failure messages. */
  what: string;
  access: Access;
  /** Bodies of megabytes are built only when sent. */
  heavy: boolean;
  request: () => RawRequest;
}

export const operationKey = (operation: Operation) => `${operation.method} ${operation.path}`;

const segment = (value: unknown) => encodeURIComponent(String(value));

/** A valid value for each path parameter (an id no row has), overridden by `values` (already encoded). */
export function pathOf(operation: Operation, values: Record<string, string> = {}): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (values[name] !== undefined) return values[name]!;
    if (name === '*') return 'poster.jpg';
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
    const value = parameter ? validValue(parameter.schema) : ABSENT_ID;
    return segment(typeof value === 'string' && /^x+$/.test(value) ? ABSENT_ID : value);
  });
}

/** The required query parameters with valid values, then `extra` raw pairs (already encoded). */
export function queryOf(operation: Operation, extra: Array<[string, string]> = [], skip?: string): string {
  const pairs: Array<[string, string]> = [];
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query' || !parameter.required || parameter.name === skip) continue;
    pairs.push([segment(parameter.name), segment(validValue(parameter.schema))]);
  }
  pairs.push(...extra);
  return pairs.length ? `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}` : '';
}

export const JSON_TYPE = 'application/json';

export function jsonRequest(method: string, target: string, body: unknown): RawRequest {
  return {
    method,
    target,
    headers: [['content-type', JSON_TYPE]],
    body: Buffer.from(JSON.stringify(body)),
  };
}

/** A case builder bound to one operation; a request given as a function is a heavy one, built when sent. */
export function caseMaker(operation: Operation) {
  return (
    category: Category,
    what: string,
    request: RawRequest | (() => RawRequest),
    access = operation.access,
  ): BadCase => ({
    category,
    operation: operationKey(operation),
    what,
    access,
    heavy: typeof request === 'function',
    request: typeof request === 'function' ? request : () => request,
  });
}

/** Whether the operation reads a body at all. */
export const takesBody = (operation: Operation) => operation.consumes.length > 0;

import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/**
 * Response serializer compiler: each route's zod response schema is turned into JSON Schema once
 * and compiled by fast-json-stringify, which writes only the properties the contract declares (a
 * column added to a query can never leak) at a fraction of the cost of parsing every response with
 * zod. With `checkContract`, every response is also parsed by its zod schema first, so tests and
 * development fail loudly on a response that breaks the contract instead of having it coerced.
 * See docs/decisions/0007-response-serialization.md.
 */
export function createResponseSerializerCompiler(options: {
  checkContract: boolean;
  /** Turns each payload into the one written (a copy; responses cached as objects stay as they are). */
  mapPayload?: (data: unknown) => unknown;
}): FastifySerializerCompiler<z.ZodType> {
  const compiled = new WeakMap<z.ZodType, Serialize>();

  const compile = (schema: z.ZodType): Serialize => {
    const known = compiled.get(schema);
    if (known) return known;
    // A part JSON Schema cannot describe would be written unchecked: refuse it at start instead.
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    const serialize = fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]) as Serialize;
    compiled.set(schema, serialize);
    return serialize;
  };

  const { mapPayload } = options;
  return ({ schema, method, url }) => {
    const compiledSerialize = compile(schema);
    const serialize = mapPayload ? (data: unknown) => compiledSerialize(mapPayload(data)) : compiledSerialize;
    if (!options.checkContract) return serialize;
    return (data: unknown) => {
      const result = schema.safeEncode(mapPayload ? mapPayload(data) : data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return compiledSerialize(result.data);
    };
  };
}

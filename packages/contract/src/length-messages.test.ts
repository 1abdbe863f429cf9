import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';
import type { EndpointDefinition } from './endpoint';

/** The message a schema gives for `value` in `field`, the other fields left out; undefined if none. */
function messageFor(schema: z.ZodObject, field: string, value: unknown): string | undefined {
  const result = schema.safeParse({ [field]: value });
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

/** The object schema inside `schema` (a body read through a pipe wraps it), if any. */
function objectOf(schema: z.ZodType | undefined): z.ZodObject | undefined {
  let inner = schema;
  while (inner && !(inner instanceof z.ZodObject) && 'in' in (inner.def as object))
    inner = (inner.def as unknown as { in: z.ZodType }).in;
  return inner instanceof z.ZodObject ? inner : undefined;
}

/** Every text field of every body and query the contract defines, with its schema. */
function textFields(): Array<{ where: string; field: string; schema: z.ZodObject }> {
  const found: Array<{ where: string; field: string; schema: z.ZodObject }> = [];
  for (const [groupName, group] of Object.entries(contract)) {
    if (!groupName.endsWith('Endpoints') || typeof group !== 'object' || group === null) continue;
    for (const [endpointName, endpoint] of Object.entries(group as Record<string, EndpointDefinition>)) {
      for (const part of ['body', 'query'] as const) {
        const schema = objectOf(endpoint[part]);
        if (!schema) continue;
        for (const field of Object.keys(schema.shape)) {
          // Free text: a field that takes a short word as it is (not a choice, a format or a number).
          if (messageFor(schema, field, 'a') !== undefined) continue;
          found.push({ where: `${groupName}.${endpointName} ${part}`, field, schema });
        }
      }
    }
  }
  // Text fields outside a body's top level: a submission's cast members, a title's cast, tus metadata.
  const nested: Record<string, z.ZodType> = {
    SubmissionCastFieldsSchema: contract.SubmissionCastFieldsSchema,
    TitleCastEntrySchema: contract.TitleCastEntrySchema,
    UploadMetadataSchema: contract.UploadMetadataSchema,
  };
  for (const [name, outer] of Object.entries(nested)) {
    const schema = objectOf(outer)!;
    for (const field of Object.keys(schema.shape))
      if (messageFor(schema, field, 'a') === undefined) found.push({ where: name, field, schema });
  }
  return found;
}

describe('length messages', () => {
  it('finds the text fields to check', () => {
    const names = textFields().map((entry) => `${entry.where}.${entry.field}`);
    expect(names).toContain('SubmissionEndpoints.submit body.title');
    expect(names).toContain('ProfileEndpoints.changePassword body.old_password');
    expect(names).toContain('SubmissionCastFieldsSchema.jobTitle');
    expect(names).toContain('UploadMetadataSchema.filename');
  });

  it('says a text is too long in words of its own, never with the message for a missing one', () => {
    const reused = textFields()
      .map(({ where, field, schema }) => ({
        at: `${where}.${field}`,
        missing: messageFor(schema, field, ''),
        tooLong: messageFor(schema, field, 'x'.repeat(100_001)),
      }))
      .filter(({ missing, tooLong }) => missing !== undefined && missing === tooLong);
    expect(reused).toEqual([]);
  });

  it('names the limit: a 400-character title is too long, not missing', () => {
    const title = messageFor(
      contract.SubmissionFieldsSchema as unknown as z.ZodObject,
      'title',
      'x'.repeat(400),
    );
    expect(title).toBe('Title must be at most 200 characters');
  });
});

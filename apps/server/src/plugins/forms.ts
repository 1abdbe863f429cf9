import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ServerMessages } from '@reeltime/contract';
import { AppError } from '../lib/errors';

type FormValue = string | Buffer | FormObject | FormValue[];
interface FormObject {
  [key: string]: FormValue;
}

/** `cast[0][name]` -> ['cast', '0', 'name']. */
function keyPath(key: string): string[] {
  const head = key.split('[', 1)[0] ?? key;
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? '');
  return [head, ...rest];
}

/** Turns bracketed form keys into nested objects and arrays, as the JSON form of the same request. */
export function nestFormFields(flat: Record<string, unknown>): FormObject {
  const root: FormObject = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = keyPath(key);
    if (
      parts.length > 4 ||
      parts.some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype')
    ) {
      continue;
    }
    let node: FormObject | FormValue[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const container = node as Record<string, FormValue>;
      if (last) {
        container[part] = value as FormValue;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[index + 1] ?? '');
      const existing = container[part];
      if (typeof existing !== 'object' || existing === null || Buffer.isBuffer(existing)) {
        container[part] = nextIsIndex ? [] : {};
      }
      node = container[part] as FormObject | FormValue[];
    });
  }
  return compactArrays(root) as FormObject;
}

function compactArrays(value: FormValue): FormValue {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compactArrays);
  if (typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, compactArrays(item)]));
  }
  return value;
}

/** Errors of the multipart parser that already carry a status (size limits) keep it; the rest are malformed input. */
function asClientError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  return new AppError(400, ServerMessages.malformed);
}

/** Multipart requests: fields become the body (nested by their brackets), files go to `request.uploads`. */
export const formsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: {
        fileSize: app.ctx.config.maxUploadBytes,
        files: 60,
        fields: 300,
        parts: 400,
        fieldSize: 100_000,
      },
      throwFileSizeLimit: true,
    });
    app.decorateRequest('uploads', {
      getter() {
        return ((this as FastifyRequest & { _uploads?: Map<string, Buffer> })._uploads ??= new Map());
      },
    });
    app.addHook('preValidation', async (request) => {
      if (!request.isMultipart()) return;
      const fields: Record<string, unknown> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const bytes = await part.toBuffer();
            if (bytes.length > 0) request.uploads.set(part.fieldname, bytes);
          } else {
            const previous = fields[part.fieldname];
            fields[part.fieldname] =
              previous === undefined
                ? part.value
                : Array.isArray(previous)
                  ? [...previous, part.value]
                  : [previous, part.value];
          }
        }
      } catch (error) {
        throw asClientError(error);
      }
      request.body = nestFormFields(fields);
    });
  },
  { name: 'forms', dependencies: ['context'] },
);

import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

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
    if (parts.length > 4 || parts.some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype')) {
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

/** Multipart requests: fields become the body (nested by their brackets), files go to `request.uploads`. */
export const formsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: app.ctx.config.maxUploadBytes, files: 60, fields: 300, parts: 400, fieldSize: 100_000 },
    });
    app.decorateRequest('uploads', {
      getter() {
        return ((this as FastifyRequest & { _uploads?: Map<string, Buffer> })._uploads ??= new Map());
      },
    });
    app.addHook('preValidation', async (request) => {
      if (!request.isMultipart() || !request.body || typeof request.body !== 'object') return;
      const fields: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(request.body as Record<string, unknown>)) {
        if (Buffer.isBuffer(value)) {
          if (value.length > 0) request.uploads.set(key, value);
        } else {
          fields[key] = value;
        }
      }
      request.body = nestFormFields(fields);
    });
  },
  { name: 'forms', dependencies: ['context'] },
);

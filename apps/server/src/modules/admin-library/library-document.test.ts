import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { multipart, signUpAdmin, type Part } from '../../testing/http';
import { catalogFixtures } from '../catalog/catalog.fixtures';
import { API, imagePart, png } from './admin-library.fixtures';

interface FormSchema {
  properties: Record<string, { type?: string; format?: string }>;
  required?: string[];
}

let server: TestServer;
let admin: { authorization: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signUpAdmin(server.app)).auth;
});
afterAll(() => server.close());

async function bodyOf(path: string): Promise<Record<string, { schema: FormSchema }>> {
  const document = (await server.app.inject('/api/docs/json')).json();
  return document.paths[`/api/v1${path}`].post.requestBody.content;
}

/** A form with exactly the fields the document requires: files get an image, text the value given. */
async function requiredParts(schema: FormSchema, text: Record<string, string>): Promise<Part[]> {
  const image = await png(64, 64);
  return (schema.required ?? []).map((name) =>
    schema.properties[name]?.format === 'binary' ? imagePart(name, image) : { name, value: text[name] ?? '' },
  );
}

describe('the document of the console’s people and banners', () => {
  it.each([
    { path: '/admin/people', file: 'photo', text: async () => ({ name: 'Documented Person' }) },
    {
      path: '/admin/banners',
      file: 'art',
      text: async () => ({
        title_id: String(await catalogFixtures(server.app).title({ name: 'Documented' })),
      }),
    },
  ])(
    'lists the required file of POST $path, and a form that follows it is accepted',
    async ({ path, file, text }) => {
      const content = await bodyOf(path);
      // A JSON body cannot carry the file, so only a form is offered.
      expect(Object.keys(content)).toEqual(['multipart/form-data']);
      const schema = content['multipart/form-data']!.schema;
      expect(schema.properties[file]).toMatchObject({ type: 'string', format: 'binary' });
      expect(schema.required).toContain(file);

      const form = multipart(await requiredParts(schema, await text()));
      const response = await server.app.inject({
        method: 'POST',
        url: `${API}${path}`,
        headers: { ...admin, ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
    },
  );
});

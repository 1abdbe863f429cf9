import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface BodySchema {
  properties: Record<string, { type?: string; format?: string; description?: string }>;
  required?: string[];
}

async function requestBodyOf(path: string): Promise<Record<string, { schema: BodySchema }>> {
  const res = await server.app.inject('/api/docs/json');
  expect(res.statusCode).toBe(200);
  return res.json().paths[path].post.requestBody.content;
}

describe('OpenAPI document of update-profile', () => {
  it('describes file_url as a binary file field of the multipart body', async () => {
    const content = await requestBodyOf('/api/v1/user/update-profile');
    const multipart = content['multipart/form-data']!.schema;
    expect(multipart.properties.file_url).toMatchObject({ type: 'string', format: 'binary' });
    expect(multipart.properties.file_url!.description).toMatch(/avatar/i);
    expect(multipart.required).not.toContain('file_url');
    expect(Object.keys(multipart.properties)).toEqual(
      expect.arrayContaining(['first_name', 'last_name', 'email', 'mobile', 'gender', 'date_of_birth']),
    );
  });

  it('keeps file_url out of the JSON body, which cannot carry files', async () => {
    const content = await requestBodyOf('/api/v1/user/update-profile');
    const json = content['application/json']!.schema;
    expect(json.properties.file_url).toBeUndefined();
    expect(json.required).toEqual(expect.arrayContaining(['first_name', 'last_name', 'email']));
  });

  it('adds no file field to bodies that take none', async () => {
    const content = await requestBodyOf('/api/v1/login');
    for (const { schema } of Object.values(content)) {
      expect(Object.keys(schema.properties).sort()).toEqual(['email', 'password']);
    }
  });
});

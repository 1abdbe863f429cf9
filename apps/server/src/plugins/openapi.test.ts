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

describe('OpenAPI document of the member endpoints', () => {
  it('lists the empty text and null that update-profile takes to clear gender, mobile and date of birth', async () => {
    const json = (await requestBodyOf('/api/v1/user/update-profile'))['application/json']!.schema;
    const gender = json.properties.gender as { anyOf: { enum?: unknown[] }[]; nullable?: boolean };
    expect(gender.nullable).toBe(true);
    expect(gender.anyOf.flatMap((option) => option.enum ?? []).sort()).toEqual([
      '',
      'female',
      'male',
      'other',
    ]);
    for (const field of ['mobile', 'date_of_birth']) {
      expect(json.properties[field]).toMatchObject({
        nullable: true,
        anyOf: expect.arrayContaining([{ type: 'string', enum: [''] }]),
      });
    }
  });

  it('describes the submission form: cast as a JSON part, the thumbnail and each cast image as required files', async () => {
    const form = (await requestBodyOf('/api/v1/user/movie-detail-request'))['multipart/form-data'] as {
      schema: BodySchema;
      encoding: Record<string, { contentType: string }>;
    };
    expect(form.encoding.cast).toEqual({ contentType: 'application/json' });
    expect(form.schema.properties.cast).toMatchObject({ type: 'array', minItems: 1, maxItems: 20 });
    expect(form.schema.required).toEqual(expect.arrayContaining(['cast', 'thumnail']));
    expect(form.schema.properties.thumnail).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.schema.properties['cast[0][image]']!.description).toMatch(/2 MB/);
    expect(form.schema.properties['cast[19][image]']).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('states the bounds of numbers sent as JSON or as text, and of search text', async () => {
    const playback = (await requestBodyOf('/api/v1/user/playback-progress'))['application/json']!.schema;
    const seconds = playback.properties.position_seconds as { anyOf: Record<string, unknown>[] };
    expect(seconds.anyOf).toContainEqual({ type: 'number', minimum: 0, maximum: 86_400 });
    const duration = playback.properties.duration_seconds as { anyOf: Record<string, unknown>[] };
    expect(duration.anyOf[0]).toMatchObject({ minimum: 0, exclusiveMinimum: true });
    const id = playback.properties.entertainment_id as { anyOf: Record<string, unknown>[] };
    expect(id.anyOf[0]).toMatchObject({ type: 'integer', maximum: 2_147_483_647 });

    const search = (await server.app.inject('/api/docs/json')).json().paths['/api/v1/user/get-search'].get;
    const parameter = (name: string) =>
      search.parameters.find((candidate: { name: string }) => candidate.name === name).schema;
    expect(parameter('search')).toMatchObject({ maxLength: 100 });
    expect(parameter('per_page').anyOf[0]).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
  });
});

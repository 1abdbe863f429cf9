import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { signUpAdmin } from '../../testing/http';
import { catalogFixtures } from '../catalog/catalog.fixtures';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema };
type Operation = {
  parameters?: { name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server.app);
  paths = (await server.app.inject('/api/docs/json')).json().paths;
});
afterAll(() => server.close());

const operation = (method: string, path: string) => paths[`/api/v1${path}`]![method]!;
const jsonBody = (method: string, path: string) =>
  operation(method, path).requestBody!.content['application/json']!.schema;
const parameter = (method: string, path: string, name: string) =>
  operation(method, path).parameters!.find((entry) => entry.name === name)!.schema;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, headers: admin.auth, ...(payload ? { payload } : {}) });

describe('the document of the console’s titles shows every limit the server enforces', () => {
  it('ids and page sizes, with their ranges', async () => {
    const idRange = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
    expect(parameter('get', '/admin/titles/{id}', 'id')['anyOf']).toContainEqual(idRange);
    expect(parameter('get', '/admin/titles', 'per_page')['anyOf']).toContainEqual({
      type: 'integer',
      minimum: 1,
      maximum: 100,
    });
    expect((await call('GET', '/admin/titles/2147483648')).statusCode).toBe(422);
    expect((await call('GET', '/admin/titles?per_page=101')).statusCode).toBe(422);
    expect((await call('GET', '/admin/titles?per_page=100')).statusCode).toBe(200);
  });

  it('real calendar dates, http(s) trailer links and edits that change something', async () => {
    const fields = jsonBody('post', '/admin/titles').properties!;
    expect(fields['release_date']).toMatchObject({ format: 'date' });
    expect(fields['trailer']!.properties!['url']).toMatchObject({ format: 'uri', pattern: '^https?:\\/\\/' });
    expect(jsonBody('patch', '/admin/titles/{id}')).toMatchObject({ minProperties: 1 });

    const refused = [
      { type: 'movie', name: 'Leap', release_date: '2023-02-29' },
      { type: 'movie', name: 'Ftp', trailer: { type: 'url', url: 'ftp://example.com/trailer.mp4' } },
    ];
    for (const body of refused) expect((await call('POST', '/admin/titles', body)).statusCode).toBe(422);
    const created = await call('POST', '/admin/titles', {
      type: 'movie',
      name: 'Leap',
      release_date: '2024-02-29',
    });
    expect(created.statusCode).toBe(201);
    expect((await call('PATCH', `/admin/titles/${created.json().data.id as number}`, {})).statusCode).toBe(
      422,
    );
  });

  it('orders that name each season once, and episode thumbnails sent as the form they need', async () => {
    expect(jsonBody('put', '/admin/titles/{id}/season-order').properties!['ids']).toMatchObject({
      uniqueItems: true,
    });
    const show = await catalogFixtures(server.app).title({ name: 'Twice', type: 'tvshow' });
    const season = (await call('POST', `/admin/titles/${show}/seasons`, {})).json().data as { id: number };
    expect(
      (await call('PUT', `/admin/titles/${show}/season-order`, { ids: [season.id, season.id] })).statusCode,
    ).toBe(422);

    const thumbnail = operation('post', '/admin/episodes/{id}/thumbnail').requestBody!.content;
    expect(Object.keys(thumbnail)).toEqual(['multipart/form-data']);
    expect(thumbnail['multipart/form-data']!.schema['required']).toEqual(['thumbnail']);
  });
});

import SwaggerParser from '@apidevtools/swagger-parser';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import sharp from 'sharp';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';
import { signUp, signUpAdmin } from '../testing/http';

const clientDir = fileURLToPath(new URL('../../openapi-client/', import.meta.url));

let server: TestServer;
let document: Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer();
  const res = await server.app.inject('/api/docs/json');
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(() => server.close());

/** `format: binary` is a Blob to a client, as openapi-typescript documents it. */
const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

async function generateClientTypes(): Promise<void> {
  const ast = await openapiTS(structuredClone(document) as never, {
    transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
  });
  mkdirSync(path.join(clientDir, 'generated'), { recursive: true });
  writeFileSync(path.join(clientDir, 'generated', 'schema.d.ts'), astToString(ast));
}

function typeErrorsOfTheClient(): string[] {
  const configFile = path.join(clientDir, 'tsconfig.json');
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, clientDir);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

type RunJourney = (input: {
  fetch: typeof injectFetch;
  member: { email: string; password: string };
  admin: { email: string; password: string };
  image: Blob;
}) => Promise<{
  submission: { status: number; data?: { data: { id: number; status: string } } };
  person: { status: number; data?: { data: { name: string } } };
}>;

/** openapi-fetch's requests, answered by the server in process. */
async function injectFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const res = await server.app.inject({
    method: request.method as 'GET',
    url: `${url.pathname}${url.search}`,
    headers: Object.fromEntries(request.headers),
    payload: request.body ? Buffer.from(await request.arrayBuffer()) : undefined,
  });
  return new Response(res.statusCode === 204 ? null : res.rawPayload, {
    status: res.statusCode,
    headers: res.headers as Record<string, string>,
  });
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3 document', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('documents the error envelope of every status besides success, for every operation', () => {
    const paths = document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    const operations = Object.entries(paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${url}`, operation })),
    );
    expect(operations.length).toBeGreaterThan(100);
    const undocumented = operations.filter(({ operation }) =>
      Object.keys(operation.responses).every((status) => status.startsWith('2')),
    );
    expect(undocumented.map(({ name }) => name)).toEqual([]);
  });

  it('is enough for a generated client to sign in, submit a movie with its images and add a person with a photo', async () => {
    await generateClientTypes();
    expect(typeErrorsOfTheClient()).toEqual([]);

    const member = await signUp(server.app);
    const admin = await signUpAdmin(server.app);
    const image = new Blob([
      new Uint8Array(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#4a8' } }).png().toBuffer()),
    ]);
    // Loaded by its path: the type checker of the server must not follow it to the generated types.
    const journey = (await import(path.join(clientDir, 'journey.ts'))) as { runOpenApiJourney: RunJourney };
    const result = await journey.runOpenApiJourney({ fetch: injectFetch, member, admin, image });

    expect(result.submission).toMatchObject({ status: 201, data: { data: { status: 'pending' } } });
    expect(result.person).toMatchObject({ status: 201, data: { data: { name: 'Kiran Desai' } } });

    const submissionId = result.submission.data!.data.id;
    const cast = await server.app.ctx.db
      .selectFrom('submission_cast')
      .select(['name', 'image'])
      .where('submission_id', '=', submissionId)
      .orderBy('position')
      .execute();
    expect(cast.map((member) => member.name)).toEqual(['Ravi Kumar', 'Meera Nair']);
    expect(cast.every((member) => Boolean(member.image))).toBe(true);
  });
});

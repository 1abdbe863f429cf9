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

interface ParameterObject {
  in: string;
  name: string;
  required?: boolean;
  schema: { minimum?: number; maximum?: number; maxLength?: number; anyOf?: unknown[]; type?: string };
}
interface OperationObject {
  parameters?: ParameterObject[];
}

/**
 * Values at and just past each documented limit of a parameter, with whether the server must
 * refuse them (422). Ranges are probed with whole numbers, lengths with letters.
 */
function limitProbes(parameterSchema: ParameterObject['schema']): [string, boolean][] {
  // A number that may also travel as text states its range on the number it may be sent as.
  const numberBranch = parameterSchema.anyOf?.find(
    (branch): branch is ParameterObject['schema'] => (branch as { type?: string }).type === 'integer',
  );
  const schema = { ...parameterSchema, ...numberBranch };
  const probes: [string, boolean][] = [];
  if (schema.maximum !== undefined)
    probes.push([String(schema.maximum), false], [String(schema.maximum + 1), true]);
  if (schema.minimum !== undefined)
    probes.push([String(schema.minimum), false], [String(schema.minimum - 1), true]);
  if (schema.maxLength !== undefined) {
    probes.push(['a'.repeat(schema.maxLength), false], ['a'.repeat(schema.maxLength + 1), true]);
  }
  return probes;
}

/** The URL of a GET with `value` for one parameter and valid values for the other path parameters. */
function requestFor(url: string, operation: OperationObject, probed: ParameterObject, value: string): string {
  let target = url;
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'path') continue;
    target = target.replace(`{${parameter.name}}`, parameter === probed ? value : '1');
  }
  return probed.in === 'query' ? `${target}?${probed.name}=${encodeURIComponent(value)}` : target;
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
      Object.entries(methods).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${url}`,
        operation,
      })),
    );
    expect(operations.length).toBeGreaterThan(100);
    const undocumented = operations.filter(({ operation }) =>
      Object.keys(operation.responses).every((status) => status.startsWith('2')),
    );
    expect(undocumented.map(({ name }) => name)).toEqual([]);
  });

  it('states the limits of query and path parameters that the server enforces, no more and no less', async () => {
    const admin = await signUpAdmin(server.app);
    const paths = document.paths as Record<string, Record<string, OperationObject>>;
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const [url, methods] of Object.entries(paths)) {
      const operation = methods.get;
      if (!operation) continue;
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query' && parameter.in !== 'path') continue;
        for (const [value, refused] of limitProbes(parameter.schema)) {
          const target = requestFor(url, operation, parameter, value);
          const res = await server.app.inject({ method: 'GET', url: target, headers: admin.auth });
          checked.push(`${target} -> ${res.statusCode}`);
          if ((res.statusCode === 422) !== refused) wrong.push(`${target} answered ${res.statusCode}`);
        }
      }
    }
    expect(checked.length).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  });

  it('is enough for a generated client to sign in, submit a movie with its images and add a person with a photo', async () => {
    await generateClientTypes();
    expect(typeErrorsOfTheClient()).toEqual([]);

    const member = await signUp(server.app);
    const admin = await signUpAdmin(server.app);
    const image = new Blob([
      new Uint8Array(
        await sharp({ create: { width: 64, height: 64, channels: 3, background: '#4a8' } })
          .png()
          .toBuffer(),
      ),
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

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPicker, createProxy, forwardedRequestHeaders, isRetryable, newBackend } from './proxy';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return (server.address() as AddressInfo).port;
}

/** A backend answering with its name, the method, the forwarded-for header and the body it got. */
async function echoBackend(name: string, seen: string[] = []) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          name,
          method: req.method,
          xff: req.headers['x-forwarded-for'],
          host: req.headers.host,
          body,
        }),
      );
    });
  });
  const backend = newBackend(name, await listen(server));
  backend.up = true;
  return backend;
}

/** A port nothing listens on (it was free a moment ago). */
async function refusingBackend(name: string) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  const backend = newBackend(name, port);
  backend.up = true;
  return backend;
}

async function startProxy(backends: ReturnType<typeof newBackend>[], errors: string[] = []) {
  const proxy = createProxy({
    backends,
    trustIncoming: false,
    onUpstreamError: (backend, error, next) => errors.push(`${backend.name} ${next?.name ?? '-'}`),
  });
  const port = await listen(proxy.server);
  return `http://127.0.0.1:${port}`;
}

describe('cluster proxy', () => {
  it('picks the backends that are up in turn', () => {
    const [a, b, c] = [newBackend('a', 1), newBackend('b', 2), newBackend('c', 3)];
    a.up = b.up = c.up = true;
    const pick = createPicker([a, b, c]);
    expect([pick(), pick(), pick(), pick()].map((one) => one?.name)).toEqual(['a', 'b', 'c', 'a']);
    b.up = false;
    c.refusedUntil = Date.now() + 10_000;
    expect([pick(), pick()].map((one) => one?.name)).toEqual(['a', 'a']);
    expect(pick(a)).toBeUndefined();
  });

  it('retries only GET and HEAD without a body', () => {
    expect(isRetryable('GET', {})).toBe(true);
    expect(isRetryable('HEAD', { 'content-length': '0' })).toBe(true);
    expect(isRetryable('GET', { 'content-length': '5' })).toBe(false);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(isRetryable(method, {})).toBe(false);
  });

  it("replaces a client's own X-Forwarded-* headers unless the proxy is behind a trusted one", () => {
    const incoming = {
      host: 'site.example',
      'x-forwarded-for': '6.6.6.6',
      'x-forwarded-host': 'evil',
      connection: 'x-drop',
      'x-drop': '1',
    };
    expect(forwardedRequestHeaders(incoming, '10.0.0.2', false)).toEqual({
      host: 'site.example',
      'x-forwarded-for': '10.0.0.2',
      'x-forwarded-proto': 'http',
    });
    expect(forwardedRequestHeaders(incoming, '10.0.0.2', true)['x-forwarded-for']).toBe('6.6.6.6, 10.0.0.2');
  });

  it('streams requests round robin, keeping Host and adding X-Forwarded-For', async () => {
    const base = await startProxy([await echoBackend('one'), await echoBackend('two')]);
    const answers: Record<string, unknown>[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/x`, {
        method: 'POST',
        body: `hello ${i}`,
        headers: { host: 'site.example' },
      });
      answers.push((await res.json()) as Record<string, unknown>);
    }
    expect(answers.map((one) => one.name)).toEqual(['one', 'two', 'one']);
    expect(answers[1]).toMatchObject({
      method: 'POST',
      xff: '127.0.0.1',
      // the Host the client sent (the proxy's), not the backend's address
      host: new URL(base).host,
      body: 'hello 1',
    });
  });

  it('sends a GET to another backend when one refuses, and never a POST', async () => {
    const errors: string[] = [];
    const seen: string[] = [];
    const dead = await refusingBackend('dead');
    const base = await startProxy([dead, await echoBackend('alive', seen)], errors);
    const get = await fetch(`${base}/read`);
    expect(get.status).toBe(200);
    expect(((await get.json()) as { name: string }).name).toBe('alive');
    expect(errors).toEqual(['dead alive']);

    // The refusing backend is skipped for a moment; once tried again, a POST to it fails with 502.
    dead.refusedUntil = 0;
    const post = await fetch(`${base}/write`, { method: 'POST', body: 'once' });
    expect(post.status).toBe(502);
    expect(await post.json()).toMatchObject({ status: false });
    expect(seen).toEqual(['GET /read']);
    expect(errors).toEqual(['dead alive', 'dead -']);
  });

  it('answers 502 when no backend is up', async () => {
    const backend = await echoBackend('down');
    backend.up = false;
    const base = await startProxy([backend]);
    expect((await fetch(`${base}/`)).status).toBe(502);
  });
});

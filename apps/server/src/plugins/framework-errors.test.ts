import net from 'node:net';
import { API_BASE, ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';

let server: TestServer;

let port: number;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as net.AddressInfo).port;
});

/** Writes `request` as is on a socket of its own; resolves with all the server wrote back. */
function rawExchange(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
    socket.on('connect', () => socket.write(request));
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

afterAll(async () => {
  await server.close();
});

describe('what the router refuses before any route runs', () => {
  it('answers a path parameter longer than the router allows with a 414 envelope, not the path back', async () => {
    const id = '9'.repeat(8 * 1024);
    const res = await server.app.inject({ url: `${API_BASE}/user/movie-details/${id}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ status: false, message: 'The address is too long.' });
    expect(res.body).not.toContain('FST_');
    expect(res.body).not.toContain(id);
  });

  it('answers a path parameter that cannot be decoded with a 400 envelope', async () => {
    const res = await server.app.inject({ url: `${API_BASE}/user/movie-details/%E0%A4%A` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, message: ServerMessages.malformed });
  });

  it('answers headers beyond the size limit with a 431 envelope', async () => {
    const answer = await rawExchange(
      `GET ${API_BASE}/site-settings HTTP/1.1\r\nhost: localhost\r\ncookie: ${'c'.repeat(20 * 1024)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(bodyOf(answer)).toEqual({ status: false, message: 'The request headers are too large.' });
  });

  it('answers a request the HTTP parser cannot read with a 400 envelope', async () => {
    const answer = await rawExchange(
      `POST ${API_BASE}/login HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\n` +
        'content-length: 2\r\ncontent-length: 3\r\n\r\n{}',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer)).toEqual({ status: false, message: ServerMessages.malformed });
  });
});

import net from 'node:net';

/**
 * One HTTP/1.1 request written byte for byte on its own socket, so that nothing (fetch, node:http)
 * normalises, validates or re-encodes what a hostile client would send: NUL bytes and `..` in the
 * target, duplicated or oversized headers, lengths that do not match the body.
 */
export interface RawRequest {
  method: string;
  /** The request target exactly as written on the request line. */
  target: string;
  /** In order, duplicates allowed; `host` is added unless present. */
  headers: Array<[string, string]>;
  body?: Buffer;
}

export interface RawResponse {
  /** 0 when no status line came back (the connection was closed or reset first). */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Why no answer came, when `status` is 0. */
  failure?: string;
}

const HEAD_END = Buffer.from('\r\n\r\n');

function decodeChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Parses what the server wrote: status line, headers, body (chunked or not). */
export function parseResponse(bytes: Buffer): Omit<RawResponse, 'failure'> | undefined {
  const headEnd = bytes.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  if (!status) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = bytes.subarray(headEnd + HEAD_END.length);
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') body = decodeChunked(body);
  return { status, headers, body: body.toString('utf8') };
}

/**
 * Whether `bytes` hold a whole response, so the socket can be closed without waiting for the
 * server to: the connection stays open (keep-alive), so a server that refuses a body before
 * reading it drains the rest instead of resetting the connection under the answer.
 */
export function isComplete(bytes: Buffer, method: string): boolean {
  const headEnd = bytes.indexOf(HEAD_END);
  if (headEnd < 0) return false;
  const parsed = parseResponse(bytes);
  if (!parsed) return false;
  if (method.toUpperCase() === 'HEAD' || parsed.status === 204 || parsed.status === 304) return true;
  const bodyBytes = bytes.length - headEnd - HEAD_END.length;
  const length = parsed.headers['content-length'];
  if (length !== undefined) return bodyBytes >= Number(length);
  if (parsed.headers['transfer-encoding']?.toLowerCase() === 'chunked') {
    return bytes.subarray(-5).toString('latin1') === '0\r\n\r\n';
  }
  return false;
}

function serialise(request: RawRequest, host: string): { head: Buffer; body: Buffer } {
  const names = new Set(request.headers.map(([name]) => name.toLowerCase()));
  const headers = [...request.headers];
  if (!names.has('host')) headers.unshift(['host', host]);
  if (request.body && !names.has('content-length') && !names.has('transfer-encoding')) {
    headers.push(['content-length', String(request.body.length)]);
  }
  const head = `${request.method} ${request.target} HTTP/1.1\r\n${headers
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  return { head: Buffer.from(head, 'latin1'), body: request.body ?? Buffer.alloc(0) };
}

/** Body pieces written one after the other, so a server that answers early can stop a huge body. */
const WRITE_PIECE = 256 * 1024;

/** A body larger than this is sent only after a pause in which the server may refuse it by its headers. */
const EARLY_ANSWER_BYTES = 1024 * 1024;
const EARLY_ANSWER_WAIT_MS = 250;

export function sendRaw(base: string, request: RawRequest, timeoutMs = 30_000): Promise<RawResponse> {
  const { hostname, port, host } = new URL(base);
  const { head, body } = serialise(request, host);
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    let settled = false;
    const socket = net.connect({ host: hostname, port: Number(port) });
    const finish = (failure?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const parsed = parseResponse(Buffer.concat(received));
      resolve(parsed ?? { status: 0, headers: {}, body: '', failure: failure ?? 'closed without an answer' });
    };
    const timer = setTimeout(() => finish(`no answer within ${timeoutMs} ms`), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (isComplete(Buffer.concat(received), request.method)) finish();
    });
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    socket.on('error', (error) => finish(error.message));
    const writePiece = (piece: Buffer) =>
      new Promise<void>((resume) => {
        if (socket.write(piece)) return resume();
        const go = () => {
          socket.off('drain', go);
          socket.off('close', go);
          resume();
        };
        socket.once('drain', go);
        socket.once('close', go);
      });
    socket.on('connect', async () => {
      await writePiece(head);
      // A server refuses a body too large by its content-length and closes the connection: the
      // pause lets that answer arrive before the body is written into a closing socket.
      if (body.length > EARLY_ANSWER_BYTES)
        await new Promise((wait) => setTimeout(wait, EARLY_ANSWER_WAIT_MS));
      for (let at = 0; at < body.length && !settled && received.length === 0; at += WRITE_PIECE) {
        await writePiece(body.subarray(at, at + WRITE_PIECE));
      }
    });
  });
}

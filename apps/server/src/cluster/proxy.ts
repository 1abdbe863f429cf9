import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';

/** One API process behind the proxy. `up` is set by the supervisor (ready / exited). */
export type Backend = {
  name: string;
  host: string;
  port: number;
  up: boolean;
  /** Set by the proxy when the backend refused a connection: skipped until then. */
  refusedUntil: number;
};

export const newBackend = (name: string, port: number, host = '127.0.0.1'): Backend => ({
  name,
  host,
  port,
  up: false,
  refusedUntil: 0,
});

/** How long a backend that refused a connection is skipped, unless the supervisor says it is ready. */
const REFUSED_SKIP_MS = 1000;

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
]);

/** Headers without the hop-by-hop ones (and those the Connection header names). */
export function endToEndHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) out[name] = value;
  }
  return out;
}

/**
 * The request headers sent to a backend: Host kept, the client's address in X-Forwarded-For. When
 * the proxy is itself behind a trusted proxy (TRUST_PROXY=true) it appends to what came in;
 * otherwise a client's own X-Forwarded-* headers are replaced, so that it cannot choose the
 * address rate limits count it under.
 */
export function forwardedRequestHeaders(
  headers: IncomingHttpHeaders,
  clientAddress: string,
  trustIncoming: boolean,
): OutgoingHttpHeaders {
  const out = endToEndHeaders(headers);
  const incoming = headers['x-forwarded-for'];
  if (trustIncoming && incoming) {
    out['x-forwarded-for'] = `${Array.isArray(incoming) ? incoming.join(', ') : incoming}, ${clientAddress}`;
    out['x-forwarded-proto'] ??= 'http';
  } else {
    out['x-forwarded-for'] = clientAddress;
    out['x-forwarded-proto'] = 'http';
    delete out['x-forwarded-host'];
  }
  return out;
}

/** Only a GET or HEAD without a body may be sent again to another backend. */
export function isRetryable(method: string | undefined, headers: IncomingHttpHeaders): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (headers['transfer-encoding'] !== undefined) return false;
  return headers['content-length'] === undefined || headers['content-length'] === '0';
}

/** Round robin over the backends that are up and did not just refuse, skipping `exclude`. */
export function createPicker(backends: Backend[]) {
  let cursor = 0;
  return (exclude?: Backend, now = Date.now()): Backend | undefined => {
    for (let step = 0; step < backends.length; step++) {
      const backend = backends[(cursor + step) % backends.length]!;
      if (backend === exclude || !backend.up || backend.refusedUntil > now) continue;
      cursor = (cursor + step + 1) % backends.length;
      return backend;
    }
    return undefined;
  };
}

/** The log line for a failed upstream request: `api-2: ECONNRESET; read retried on api-1`. */
export const describeUpstreamError = (backend: Backend, error: Error, retriedOn: Backend | undefined) =>
  `${backend.name}: ${(error as NodeJS.ErrnoException).code ?? error.message}` +
  (retriedOn ? `; read retried on ${retriedOn.name}` : '');

const isRefused = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';

function unavailable(res: http.ServerResponse) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ status: false, message: 'The service is unavailable; try again shortly.' });
  res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' });
  res.end(body);
}

export type ProxyOptions = {
  backends: Backend[];
  /** TRUST_PROXY of the site: the proxy itself is behind a proxy that sets X-Forwarded-For. */
  trustIncoming: boolean;
  /** A backend failed a request (refused, reset, died mid-answer); `retried` names the next one. */
  onUpstreamError?: (backend: Backend, error: Error, retriedOn: Backend | undefined) => void;
};

/**
 * A round-robin HTTP proxy streaming bodies both ways. A GET or HEAD that fails before any answer
 * is tried once more on another backend; any other request is never sent twice (the client gets a
 * 502), since the backend may have acted on it.
 */
export function createProxy({ backends, trustIncoming, onUpstreamError }: ProxyOptions) {
  const pick = createPicker(backends);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, timeout: 30_000 });

  const server = http.createServer((req, res) => {
    const headers = forwardedRequestHeaders(req.headers, req.socket.remoteAddress ?? '', trustIncoming);
    const retryable = isRetryable(req.method, req.headers);
    if (retryable) req.resume();
    let upstream: http.ClientRequest | undefined;
    res.on('close', () => {
      if (!res.writableFinished) upstream?.destroy();
    });

    const send = (backend: Backend, attempt: number) => {
      let answered = false;
      const request = http.request({
        host: backend.host,
        port: backend.port,
        method: req.method,
        path: req.url,
        headers,
        agent,
      });
      upstream = request;
      request.on('response', (answer) => {
        answered = true;
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEndHeaders(answer.headers));
        answer.pipe(res);
        answer.on('aborted', () => res.destroy());
        answer.on('error', () => res.destroy());
      });
      request.on('timeout', () => undefined);
      request.on('error', (error) => {
        if (res.destroyed) return;
        if (isRefused(error)) backend.refusedUntil = Date.now() + REFUSED_SKIP_MS;
        if (answered) {
          onUpstreamError?.(backend, error, undefined);
          res.destroy();
          return;
        }
        const next = retryable && attempt === 0 ? pick(backend) : undefined;
        onUpstreamError?.(backend, error, next);
        if (next) send(next, attempt + 1);
        else unavailable(res);
      });
      if (retryable) request.end();
      else req.pipe(request);
    };

    const backend = pick();
    if (!backend) {
      req.resume();
      unavailable(res);
      return;
    }
    send(backend, 0);
  });
  // Uploads may stream for a long time; the API processes apply their own limits.
  server.requestTimeout = 0;

  return {
    server,
    close(): Promise<void> {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        agent.destroy();
      });
    },
  };
}

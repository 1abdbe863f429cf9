import type { RawRequest, RawResponse } from './raw-http';

/**
 * What must never be in an answer to a malformed request: a 5xx, a stack trace, SQL or a database
 * error, a path of the machine; and a 4xx from the API that is not its JSON error envelope.
 */

const LEAKS: Array<[string, RegExp]> = [
  ['a stack frame', /\n\s*at [^\n]+:\d+:\d+|\bat (?:async )?[\w.<>$]+ \([^)]*:\d+(?::\d+)?\)/],
  ['a source position', /\.(?:ts|js|mjs|cjs):\d+/],
  ['SQL', /\bselect\s[^"]{0,200}\bfrom\b|\binsert into\b|\bupdate\s+\w+\s+set\b|\bdelete from\b/i],
  [
    'a database error',
    /SQLITE_|SqliteError|syntax error at|relation "|no such (?:table|column)|violates (?:unique|foreign key|not-null|check)|duplicate key value|UNIQUE constraint|FOREIGN KEY constraint|invalid input syntax for|out of range for type|PostgresError|\bpg_\w+|kysely/i,
  ],
  ['a path of the machine', /\/work\/|\/tmp\/|\/home\/|\/usr\/|\/root\/|node_modules|\/var\//],
  ['a file of the machine', /root:x:0:0|\[extensions\]|BEGIN (?:RSA |EC )?PRIVATE KEY/],
  [
    'an internal error name',
    /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|ERR_[A-Z_]{4,}|FST_[A-Z_]{4,}|E(?:NOENT|ACCES|ISDIR|NOTDIR|PIPE|CONNRESET))\b/,
  ],
];

export interface Verdict {
  problems: string[];
  /** The 4xx came from the API as its JSON error envelope. */
  envelope: boolean;
}

const decodedRequest = (request: RawRequest) => {
  let target = request.target;
  try {
    target = decodeURIComponent(target);
  } catch {
    // keep it as sent
  }
  return `${target}\n${request.headers.map((h) => h.join(': ')).join('\n')}\n${request.body?.subarray(0, 64 * 1024).toString('utf8') ?? ''}`;
};

/** The strings inside a JSON body, unescaped, so that an escaped `relation \\"users\\"` is read as written. */
function jsonStrings(text: string): string[] {
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  try {
    walk(JSON.parse(text));
  } catch {
    // not JSON: read as it came
  }
  return strings;
}

function isEnvelope(text: string): boolean {
  try {
    const body = JSON.parse(text) as { status?: unknown; message?: unknown };
    return body.status === false && typeof body.message === 'string' && body.message.length > 0;
  } catch {
    return false;
  }
}

/**
 * A page address (outside /api and /media) on a server whose web app was never built answers 503
 * saying so: that is the checkout the suite runs in, not a fault of the request's handling.
 */
export const isPageWithoutWebBuild = (request: RawRequest, response: RawResponse) =>
  response.status === 503 &&
  !/^\/+(api|media)\//.test(request.target) &&
  response.body.startsWith('The web app has not been built.');

export function judge(request: RawRequest, response: RawResponse, secrets: string[]): Verdict {
  const problems: string[] = [];
  if (response.status === 0) problems.push(`no answer (${response.failure})`);
  if (response.status >= 500 && !isPageWithoutWebBuild(request, response))
    problems.push(`status ${response.status}`);
  const sent = decodedRequest(request);
  const seen = `${Object.entries(response.headers)
    .map((h) => h.join(': '))
    .join('\n')}\n${response.body}\n${jsonStrings(response.body).join('\n')}`;
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(seen);
    // Text that merely repeats what the request sent is not a leak.
    if (match && !sent.includes(match[0])) problems.push(`${what}: ${JSON.stringify(match[0])}`);
  }
  for (const secret of secrets) if (secret && seen.includes(secret)) problems.push('a secret of the site');

  const envelope = isEnvelope(response.body);
  const fromApi = request.target.startsWith('/api/');
  const isClientError = response.status >= 400 && response.status < 500;
  if (isClientError && fromApi && request.method.toUpperCase() !== 'HEAD') {
    if (!response.headers['content-type']?.startsWith('application/json')) {
      problems.push(`a ${response.status} of type ${response.headers['content-type'] ?? 'none'}`);
    } else if (!envelope) {
      problems.push(`a ${response.status} that is not the error envelope: ${response.body.slice(0, 120)}`);
    }
  }
  return { problems, envelope };
}

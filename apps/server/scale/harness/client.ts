import { randomBytes } from 'node:crypto';
import { API_BASE } from '@reeltime/contract';

/** A parsed JSON answer, read by suites that know its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- suites read fields of many shapes
type Json = any;

/** A JSON call to the site as any HTTP client would make it. Never throws for an HTTP status. */
export async function call(
  base: string,
  method: string,
  apiPath: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<{ status: number; body: Json; text: string }> {
  const res = await fetch(`${base}${API_BASE}${apiPath}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let body: Json;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text };
}

export interface Member {
  id: number;
  email: string;
  password: string;
  token: string;
}

/** Registers an account and signs it in. */
export async function signUp(base: string, label = 'member'): Promise<Member> {
  const email = `${label}-${randomBytes(5).toString('hex')}@example.com`;
  const password = 'secret123';
  const registered = await call(base, 'POST', '/register', {
    body: { first_name: 'Scale', last_name: 'Member', email, password },
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`);
  return signIn(base, email, password);
}

export async function signIn(base: string, email: string, password: string): Promise<Member> {
  const login = await call(base, 'POST', '/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  return { id: login.body.data.id, email, password, token: login.body.data.api_token };
}

/** Registers an account, makes it an admin in the database, and signs it in again. */
export async function signUpAdmin(
  base: string,
  sql: (text: string, values?: unknown[]) => Promise<unknown[]>,
): Promise<Member> {
  const member = await signUp(base, 'admin');
  await sql('update users set is_admin = 1 where id = $1', [member.id]);
  return signIn(base, member.email, member.password);
}

import type { App } from '../app';

/** The account owner's profile: what a token from sign-in acts as. */
export async function ownerProfileId(app: App, userId: number): Promise<number> {
  const row = await app.ctx.db
    .selectFrom('profiles')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_owner', '=', 1)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Registers and logs in a member through the API; returns the bearer token and the user. */
export async function signUp(
  app: App,
  overrides: Partial<{ first_name: string; last_name: string; email: string; password: string }> = {},
) {
  const account = {
    first_name: 'Test',
    last_name: 'Member',
    email: `member-${Math.random().toString(36).slice(2, 10)}@example.com`,
    password: 'secret123',
    ...overrides,
  };
  const registered = await app.inject({ method: 'POST', url: '/api/v1/register', payload: account });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email: account.email, password: account.password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const data = login.json().data as { api_token: string; id: number; email: string };
  return {
    ...account,
    id: data.id,
    /** The owner's profile, which the token acts as. */
    profileId: await ownerProfileId(app, data.id),
    token: data.api_token,
    auth: { authorization: `Bearer ${data.api_token}` },
  };
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body for app.inject. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----reeltime${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(
      Buffer.from(`${head}\r\n`),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Registers an account, makes it an admin and logs in again (the token carries the role from
 * its login); returns the same shape as {@link signUp}.
 */
export async function signUpAdmin(app: App, overrides: Parameters<typeof signUp>[1] = {}) {
  const account = await signUp(app, overrides);
  await app.ctx.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', account.id).execute();
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email: account.email, password: account.password },
  });
  if (login.statusCode !== 200) throw new Error(`admin login failed: ${login.body}`);
  const data = login.json().data as { api_token: string; is_admin: boolean };
  if (!data.is_admin) throw new Error('the promoted account is not an admin');
  return { ...account, token: data.api_token, auth: { authorization: `Bearer ${data.api_token}` } };
}

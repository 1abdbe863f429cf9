import { API_BASE, ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';
import { signUp } from '../testing/http';

let server: TestServer;
let member: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  server = await startTestServer();
  member = await signUp(server.app);
});
afterAll(() => server.close());

const textBody = { payload: 'hello', headers: { 'content-type': 'text/plain' } };

describe('the content type check comes after the sign-in checks', () => {
  it('tells a visitor 401 on a member route, whatever the content type', async () => {
    const res = await server.app.inject({ method: 'POST', url: `${API_BASE}/user/like`, ...textBody });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: false, message: ServerMessages.unauthenticated });
  });

  it('tells a member 403 on a multipart-only admin route sent JSON', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/admin/titles/1/images`,
      payload: { name: 'x' },
      headers: member.auth,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: false, message: ServerMessages.forbidden });
  });

  it('still refuses a body of a type the route does not take, and a body to no route', async () => {
    const wrongType = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/user/like`,
      payload: textBody.payload,
      headers: { ...textBody.headers, ...member.auth },
    });
    expect(wrongType.statusCode).toBe(415);
    const nowhere = await server.app.inject({ method: 'POST', url: `${API_BASE}/nope`, ...textBody });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json()).toEqual({ status: false, message: ServerMessages.notFound });
  });
});

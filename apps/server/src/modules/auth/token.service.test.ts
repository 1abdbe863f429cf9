import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { catalogFixtures } from '../catalog/catalog.fixtures';
import { createTokenService, TOKEN_IDLE_MS, VERIFIED_TOKEN_TTL_MS } from './token.service';

let server: TestServer;
let fx: ReturnType<typeof catalogFixtures>;

beforeAll(async () => {
  server = await startTestServer();
  fx = catalogFixtures(server.app);
});
afterAll(() => server.close());
afterEach(() => vi.useRealTimers());

const bearer = (authorization: string) => authorization.replace(/^Bearer /, '');

describe('verified tokens', () => {
  it('stop working at once when revoked through the app, even right after use', async () => {
    const member = await fx.member('cached@example.com');
    const { tokens } = server.app.ctx;
    const user = await tokens.verify(bearer(member.authorization));
    expect(user).toMatchObject({ id: member.id, isAdmin: false });
    await tokens.revoke(user!.tokenId);
    expect(await tokens.verify(bearer(member.authorization))).toBeNull();
  });

  it('see a revocation made elsewhere (another server process) within the trust period', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const member = await fx.member('elsewhere@example.com');
    const { tokens, db } = server.app.ctx;
    expect(await tokens.verify(bearer(member.authorization))).not.toBeNull();
    await db.deleteFrom('api_tokens').where('user_id', '=', member.id).execute();
    // Trusted for the rest of the period: the price of not asking the database on every request.
    expect(await tokens.verify(bearer(member.authorization))).not.toBeNull();

    vi.setSystemTime(Date.now() + VERIFIED_TOKEN_TTL_MS + 1);
    expect(await tokens.verify(bearer(member.authorization))).toBeNull();
  });

  it('stop working at once in every process that shares the cache, whichever revokes them', async () => {
    const member = await fx.member('shared@example.com');
    const { db, cache, config } = server.app.ctx;
    const first = createTokenService(db, config.tokenPepper, cache);
    const second = createTokenService(db, config.tokenPepper, cache);
    const user = await second.verify(bearer(member.authorization));
    expect(user).not.toBeNull();
    await first.revoke(user!.tokenId);
    expect(await second.verify(bearer(member.authorization))).toBeNull();
  });

  it('revoke every token of a member but the one kept', async () => {
    const member = await fx.member('many@example.com');
    const { tokens } = server.app.ctx;
    const other = await tokens.issue(member.id);
    const kept = await tokens.verify(bearer(member.authorization));
    expect(await tokens.verify(other.token)).not.toBeNull();
    await tokens.revokeAllOfUser(member.id, kept!.tokenId);
    expect(await tokens.verify(other.token)).toBeNull();
    expect(await tokens.verify(bearer(member.authorization))).not.toBeNull();
  });

  it('expire after the idle period', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const member = await fx.member('idle@example.com');
    const { tokens, db } = server.app.ctx;
    expect(await tokens.verify(bearer(member.authorization))).not.toBeNull();
    vi.setSystemTime(Date.now() + TOKEN_IDLE_MS + 1);
    expect(await tokens.verify(bearer(member.authorization))).toBeNull();
    const left = await db.selectFrom('api_tokens').select('id').where('user_id', '=', member.id).execute();
    expect(left).toEqual([]);
  });
});

import {
  API_BASE,
  HouseholdMessages as M,
  PIN_ATTEMPTS,
  type Household,
  type HouseholdProfile,
} from '@reeltime/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTitle } from '../../media/media.fixtures';
import { startTestServer, type TestServer } from '../../testing/app';
import { insertPlan, subscribe } from '../../testing/billing';
import { multipart, signUp } from '../../testing/http';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.app.ctx.db;
type Headers = Record<string, string>;
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  headers: Headers,
  payload?: unknown,
) {
  const res = await server.app.inject({
    method,
    url: `${API_BASE}${path}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const household = async (auth: Headers) => (await call('GET', '/user/profiles', auth)).body.data as Household;

/** A member whose plan allows `profiles` profiles. */
async function memberWithProfiles(profiles: number, overrides: Parameters<typeof signUp>[1] = {}) {
  const member = await signUp(server.app, overrides);
  await subscribe(
    server.app,
    member.id,
    await insertPlan(server.app, { name: `Plan ${Math.random()}`, profiles }),
  );
  return member;
}

async function addProfile(auth: Headers, body: Record<string, unknown>, extra: Headers = {}) {
  return call('POST', '/user/profiles', { ...auth, ...extra }, body);
}

/** A token acting as the profile, chosen with its PIN when it has one. */
async function selectProfile(auth: Headers, id: number, pin?: string) {
  const res = await call('POST', `/user/profiles/${id}/select`, auth, pin === undefined ? {} : { pin });
  if (res.status !== 200) throw new Error(`select failed: ${JSON.stringify(res.body)}`);
  return bearer(res.body.data.api_token as string);
}

const profileCount = async (userId: number) =>
  Number(
    (
      await db()
        .selectFrom('profiles')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).count,
  );

const mailsTo = (email: string) =>
  db().selectFrom('outbox').selectAll().where('to_address', '=', email).orderBy('id').execute();

describe('GET /user/profiles', () => {
  it("lists the owner's profile, named after the member, for a new account without a plan", async () => {
    const member = await signUp(server.app, { first_name: 'Asha' });
    const res = await call('GET', '/user/profiles', member.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      profiles: [
        {
          id: member.profileId,
          name: 'Asha',
          avatar: 'red',
          avatar_image: null,
          is_owner: true,
          is_kids: false,
          maturity_limit: null,
          has_pin: false,
          locked_until: null,
        },
      ],
      current_profile_id: member.profileId,
      max_profiles: 1,
      account_pin: false,
      rating_scale: ['U', 'U/A 7+', 'U/A 13+', 'U/A 16+', 'A'],
    });
  });

  it('is 401 for a visitor', async () => {
    expect((await call('GET', '/user/profiles', {})).status).toBe(401);
  });

  it('reads the scale from the content_rating_scale setting when the operator saved one', async () => {
    const member = await signUp(server.app);
    await db()
      .insertInto('settings')
      .values({
        key: 'content_rating_scale',
        value: JSON.stringify(['G', 'PG', 'R']),
        updated_at: Date.now(),
      })
      .execute();
    await server.app.ctx.cache.invalidate('site-settings');
    try {
      expect((await household(member.auth)).rating_scale).toEqual(['G', 'PG', 'R']);
      const refused = await addProfile(member.auth, { name: 'Kid', is_kids: true, maturity_limit: 'U' });
      expect(refused.body.errors.maturity_limit).toEqual([M.maturityNotOnScale(['G', 'PG', 'R'])]);
    } finally {
      await db().deleteFrom('settings').where('key', '=', 'content_rating_scale').execute();
      await server.app.ctx.cache.invalidate('site-settings');
    }
  });
});

describe('POST /user/profiles', () => {
  it('adds adult and kids profiles up to the plan limit, then answers 422 naming the limit', async () => {
    const member = await memberWithProfiles(3);
    const adult = await addProfile(member.auth, { name: 'Ravi', avatar: 'teal', maturity_limit: 'U/A 16+' });
    expect(adult.status).toBe(201);
    expect(adult.body).toMatchObject({ status: true, message: M.profileCreated });
    expect(adult.body.data).toMatchObject({
      name: 'Ravi',
      avatar: 'teal',
      is_owner: false,
      is_kids: false,
      maturity_limit: 'U/A 16+',
      has_pin: false,
    });
    const kid = await addProfile(member.auth, {
      name: 'Mira',
      is_kids: true,
      maturity_limit: 'U/A 7+',
      pin: '0420',
    });
    expect(kid.status).toBe(201);
    // The first built-in avatar no other profile uses.
    expect(kid.body.data).toMatchObject({ name: 'Mira', avatar: 'orange', is_kids: true, has_pin: true });

    const fourth = await addProfile(member.auth, { name: 'One too many' });
    expect(fourth.status).toBe(422);
    expect(fourth.body.message).toBe(M.tooManyProfiles(3));
    expect(fourth.body.message).toContain('3 profiles');
    const { profiles, max_profiles } = await household(member.auth);
    expect(max_profiles).toBe(3);
    expect(profiles.map((profile) => profile.name)).toEqual([member.first_name, 'Ravi', 'Mira']);
  });

  it('allows one profile without a plan', async () => {
    const member = await signUp(server.app);
    const res = await addProfile(member.auth, { name: 'Second' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(M.tooManyProfiles(1));
    expect(res.body.message).toContain('1 profile:');
    expect(await profileCount(member.id)).toBe(1);
  });

  it('never lets an account have a 21st profile, whatever its plan says', async () => {
    const member = await memberWithProfiles(50);
    expect((await household(member.auth)).max_profiles).toBe(20);
    for (let index = 2; index <= 20; index++) {
      expect((await addProfile(member.auth, { name: `Profile ${index}` })).status).toBe(201);
    }
    const res = await addProfile(member.auth, { name: 'Profile 21' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(M.tooManyProfilesAtAll);
    expect(res.body.message).toContain('20');
    expect(await profileCount(member.id)).toBe(20);
  });

  it('refuses a maturity limit off the rating scale, a kids profile without one, a taken name and a bad PIN', async () => {
    const member = await memberWithProfiles(5);
    const offScale = await addProfile(member.auth, { name: 'Teen', maturity_limit: 'PG-13' });
    expect(offScale.status).toBe(422);
    expect(offScale.body.errors.maturity_limit).toEqual([
      'Maturity limit must be one of U, U/A 7+, U/A 13+, U/A 16+, A',
    ]);
    const kidsWithoutLimit = await addProfile(member.auth, { name: 'Kid', is_kids: true });
    expect(kidsWithoutLimit.status).toBe(422);
    expect(kidsWithoutLimit.body.errors.maturity_limit).toEqual([M.kidsNeedLimit]);
    const taken = await addProfile(member.auth, { name: member.first_name.toUpperCase() });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.name).toEqual([M.nameTaken]);
    for (const pin of ['123', '12345', 'abcd', 1234]) {
      const bad = await addProfile(member.auth, { name: 'Pinned', pin });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.pin).toEqual([M.pinInvalid]);
    }
    const badAvatar = await addProfile(member.auth, { name: 'Odd', avatar: 'plaid' });
    expect(badAvatar.body.errors.avatar).toEqual([M.avatarInvalid]);
    expect((await addProfile(member.auth, { name: '   ' })).body.errors.name).toEqual([M.nameRequired]);
    expect(await profileCount(member.id)).toBe(1);
  });

  it('takes a multipart form with an uploaded avatar', async () => {
    const member = await memberWithProfiles(2);
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const form = multipart([
      { name: 'name', value: 'Pictured' },
      { name: 'is_kids', value: 'true' },
      { name: 'maturity_limit', value: 'U' },
      { name: 'avatar_file', value: png, filename: 'me.png', contentType: 'image/png' },
    ]);
    const res = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/user/profiles`,
      headers: { ...member.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    const profile = res.json().data as HouseholdProfile;
    expect(profile).toMatchObject({ name: 'Pictured', is_kids: true, maturity_limit: 'U' });
    expect(profile.avatar_image).toMatch(/^\/media\/uploads\/profile-avatars\/[0-9a-f]{32}\.webp$/);
    const image = await server.app.inject({ method: 'GET', url: profile.avatar_image! });
    expect(image.statusCode).toBe(200);
  });
});

describe('PATCH and DELETE /user/profiles/:id', () => {
  it('changes a profile, and the change reaches its sessions at once', async () => {
    const member = await memberWithProfiles(2);
    const added = (await addProfile(member.auth, { name: 'Teen', maturity_limit: 'U/A 13+' })).body
      .data as HouseholdProfile;
    const teen = await selectProfile(member.auth, added.id);
    expect((await call('GET', '/user/payments', teen)).status).toBe(200);

    const res = await call('PATCH', `/user/profiles/${added.id}`, member.auth, {
      name: 'Little one',
      is_kids: true,
      maturity_limit: 'U/A 7+',
      avatar: 'pink',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: M.profileSaved });
    expect(res.body.data).toMatchObject({
      name: 'Little one',
      is_kids: true,
      maturity_limit: 'U/A 7+',
      avatar: 'pink',
    });
    expect((await call('GET', '/user/payments', teen)).status).toBe(403);

    const cleared = await call('PATCH', `/user/profiles/${added.id}`, member.auth, {
      is_kids: false,
      maturity_limit: null,
    });
    expect(cleared.body.data).toMatchObject({ is_kids: false, maturity_limit: null });
  });

  it("refuses to make the owner's profile a kids profile, a limit off the scale, and an empty change", async () => {
    const member = await memberWithProfiles(2);
    const owner = await call('PATCH', `/user/profiles/${member.profileId}`, member.auth, {
      is_kids: true,
      maturity_limit: 'U',
    });
    expect(owner.status).toBe(422);
    expect(owner.body.errors.is_kids).toEqual([M.ownerCannotBeKids]);
    const offScale = await call('PATCH', `/user/profiles/${member.profileId}`, member.auth, {
      maturity_limit: 'X',
    });
    expect(offScale.status).toBe(422);
    expect((await call('PATCH', `/user/profiles/${member.profileId}`, member.auth, {})).body.message).toBe(
      M.nothingToChange,
    );
    const unknown = await call('PATCH', `/user/profiles/${member.profileId}`, member.auth, { colour: 'red' });
    expect(unknown.status).toBe(422);
    expect((await household(member.auth)).profiles[0]).toMatchObject({
      is_kids: false,
      maturity_limit: null,
    });
  });

  it("answers 404 for another account's profile, and changes nothing", async () => {
    const alice = await memberWithProfiles(2);
    const bob = await signUp(server.app);
    const hers = (await addProfile(alice.auth, { name: 'Hers', pin: '1111' })).body.data as HouseholdProfile;
    expect((await call('PATCH', `/user/profiles/${hers.id}`, bob.auth, { name: 'Mine now' })).status).toBe(
      404,
    );
    expect((await call('DELETE', `/user/profiles/${hers.id}`, bob.auth)).status).toBe(404);
    const select = await call('POST', `/user/profiles/${hers.id}/select`, bob.auth, { pin: '1111' });
    expect(select.status).toBe(404);
    expect(select.body.message).toBe(M.profileNotFound);
    expect((await call('PATCH', '/user/profiles/999999', bob.auth, { name: 'X' })).status).toBe(404);
    expect((await household(alice.auth)).profiles.map((profile) => profile.name)).toContain('Hers');
  });

  it("refuses to delete the owner's profile", async () => {
    const member = await memberWithProfiles(2);
    const res = await call('DELETE', `/user/profiles/${member.profileId}`, member.auth);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(M.ownerCannotBeDeleted);
    expect(await profileCount(member.id)).toBe(1);
  });

  it('deletes a profile with its watch list and likes, and ends its sessions', async () => {
    const member = await memberWithProfiles(2);
    const titleId = await insertTitle(db(), { name: 'Liked by two' });
    const added = (await addProfile(member.auth, { name: 'Guest' })).body.data as HouseholdProfile;
    const guest = await selectProfile(member.auth, added.id);
    await call('POST', '/user/save-watch-list', guest, { entertainment_id: titleId });
    await call('POST', '/user/like', member.auth, { entertainment_id: titleId });
    const liked = await call('POST', '/user/like', guest, { entertainment_id: titleId });
    expect(liked.body.data).toEqual({ is_liked: true, likes: 2 });

    const res = await call('DELETE', `/user/profiles/${added.id}`, member.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: M.profileDeleted, data: null });
    expect((await call('GET', '/user/watch-list', guest)).status).toBe(401);
    expect(
      await db().selectFrom('watchlist').select('title_id').where('profile_id', '=', added.id).execute(),
    ).toEqual([]);
    const title = await call('GET', `/user/movie-details/${titleId}`, member.auth);
    expect(title.body.data).toMatchObject({ is_liked: true, likes: 1 });
    expect((await household(member.auth)).profiles).toHaveLength(1);
  });
});

describe('POST /user/profiles/:id/select', () => {
  it('answers a token acting as a profile without a PIN', async () => {
    const member = await memberWithProfiles(2);
    const added = (await addProfile(member.auth, { name: 'Open' })).body.data as HouseholdProfile;
    // No body at all: the profile has no PIN to send.
    const res = await call('POST', `/user/profiles/${added.id}/select`, member.auth);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.profileSelected);
    expect(res.body.data.profile).toMatchObject({ id: added.id, name: 'Open' });
    expect(typeof res.body.data.api_token).toBe('string');
    expect((await household(bearer(res.body.data.api_token))).current_profile_id).toBe(added.id);
    // The token that asked keeps working, as the profile it acted as.
    expect((await household(member.auth)).current_profile_id).toBe(member.profileId);
  });

  it('needs the PIN of a profile that has one: 422 when missing or wrong', async () => {
    const member = await memberWithProfiles(2);
    const added = (await addProfile(member.auth, { name: 'Locked', pin: '2468' })).body
      .data as HouseholdProfile;
    const missing = await call('POST', `/user/profiles/${added.id}/select`, member.auth, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.pin).toEqual([M.pinRequired]);
    const wrong = await call('POST', `/user/profiles/${added.id}/select`, member.auth, { pin: '1357' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.pin).toEqual([M.pinWrong(PIN_ATTEMPTS - 1)]);
    expect(wrong.body.message).toContain('4 tries left');
    const right = await call('POST', `/user/profiles/${added.id}/select`, member.auth, { pin: '2468' });
    expect(right.status).toBe(200);
    expect((await household(bearer(right.body.data.api_token))).current_profile_id).toBe(added.id);
  });

  it('locks the profile for 15 minutes after 5 wrong PINs, with Retry-After, and mails the owner', async () => {
    const member = await memberWithProfiles(2, { first_name: 'Owner' });
    const name = '<b>Dad</b> & "co"';
    const added = (await addProfile(member.auth, { name, pin: '9876' })).body.data as HouseholdProfile;
    for (let attempt = 1; attempt < PIN_ATTEMPTS; attempt++) {
      const res = await call('POST', `/user/profiles/${added.id}/select`, member.auth, { pin: '0000' });
      expect(res.status).toBe(422);
    }
    expect(await mailsTo(member.email)).toEqual([]);
    const fifth = await call('POST', `/user/profiles/${added.id}/select`, member.auth, { pin: '0000' });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual({ status: false, message: M.profileLocked(15) });
    expect(Number(fifth.headers['retry-after'])).toBe(15 * 60);

    // Locked: even the right PIN is refused, with the time left.
    const right = await call('POST', `/user/profiles/${added.id}/select`, member.auth, { pin: '9876' });
    expect(right.status).toBe(429);
    const retryAfter = Number(right.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const listed = (await household(member.auth)).profiles.find((profile) => profile.id === added.id)!;
    expect(Date.parse(listed.locked_until!)).toBeGreaterThan(Date.now() + 14 * 60_000);

    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Wrong PINs on your Reeltime account');
    expect(mails[0]!.text_body).toContain(`the profile "${name}"`);
    expect(mails[0]!.text_body).toContain('5 times in a row');
    expect(mails[0]!.html_body).toContain('&#60;b&#62;Dad&#60;/b&#62; &#38; &#34;co&#34;');
    expect(mails[0]!.html_body).not.toContain('<b>');

    // Once the lock has run out, the right PIN works and the count starts again.
    await db()
      .updateTable('profiles')
      .set({ locked_until: Date.now() - 1 })
      .where('id', '=', added.id)
      .execute();
    expect(
      (await call('POST', `/user/profiles/${added.id}/select`, member.auth, { pin: '9876' })).status,
    ).toBe(200);
    const again = await call('POST', `/user/profiles/${added.id}/select`, member.auth, { pin: '0000' });
    expect(again.body.errors.pin).toEqual([M.pinWrong(PIN_ATTEMPTS - 1)]);
  });

  it('a right PIN wipes out the wrong tries before it', async () => {
    const member = await memberWithProfiles(2);
    const added = (await addProfile(member.auth, { name: 'Careful', pin: '1212' })).body
      .data as HouseholdProfile;
    for (let round = 0; round < 2; round++) {
      for (let attempt = 1; attempt < PIN_ATTEMPTS; attempt++) {
        expect(
          (await call('POST', `/user/profiles/${added.id}/select`, member.auth, { pin: '0000' })).status,
        ).toBe(422);
      }
      expect(
        (await call('POST', `/user/profiles/${added.id}/select`, member.auth, { pin: '1212' })).status,
      ).toBe(200);
    }
  });
});

describe('the account PIN', () => {
  it('needs the password to be set, then guards adding, changing and deleting profiles', async () => {
    const member = await memberWithProfiles(3);
    const wrongPassword = await call('PUT', '/user/profiles/account-pin', member.auth, {
      password: 'not-it',
      pin: '4321',
    });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.errors.password).toEqual([M.passwordWrong]);
    expect((await household(member.auth)).account_pin).toBe(false);

    const set = await call('PUT', '/user/profiles/account-pin', member.auth, {
      password: member.password,
      pin: '4321',
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ status: true, message: M.accountPinSet, data: { account_pin: true } });
    expect((await household(member.auth)).account_pin).toBe(true);

    const without = await addProfile(member.auth, { name: 'Guest' });
    expect(without.status).toBe(422);
    expect(without.body.errors.account_pin).toEqual([M.accountPinRequired]);
    const wrong = await addProfile(member.auth, { name: 'Guest' }, { 'x-account-pin': '0000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.account_pin).toEqual([M.accountPinWrong(PIN_ATTEMPTS - 1)]);
    expect(await profileCount(member.id)).toBe(1);

    const added = await addProfile(member.auth, { name: 'Guest' }, { 'x-account-pin': '4321' });
    expect(added.status).toBe(201);
    const id = (added.body.data as HouseholdProfile).id;
    expect((await call('PATCH', `/user/profiles/${id}`, member.auth, { name: 'Renamed' })).status).toBe(422);
    expect((await call('DELETE', `/user/profiles/${id}`, member.auth)).status).toBe(422);
    expect(
      (
        await call(
          'PATCH',
          `/user/profiles/${id}`,
          { ...member.auth, 'x-account-pin': '4321' },
          { name: 'Renamed' },
        )
      ).status,
    ).toBe(200);
    expect(
      (await call('DELETE', `/user/profiles/${id}`, { ...member.auth, 'x-account-pin': '4321' })).status,
    ).toBe(200);

    const cleared = await call('PUT', '/user/profiles/account-pin', member.auth, {
      password: member.password,
      pin: null,
    });
    expect(cleared.body).toEqual({
      status: true,
      message: M.accountPinCleared,
      data: { account_pin: false },
    });
    expect((await addProfile(member.auth, { name: 'Free again' })).status).toBe(201);
  });

  it('locks managing profiles after 5 wrong account PINs, and mails the owner', async () => {
    const member = await memberWithProfiles(3);
    await call('PUT', '/user/profiles/account-pin', member.auth, { password: member.password, pin: '5555' });
    const attempt = () => addProfile(member.auth, { name: 'Guest' }, { 'x-account-pin': '1234' });
    for (let index = 1; index < PIN_ATTEMPTS; index++) expect((await attempt()).status).toBe(422);
    const fifth = await attempt();
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe(M.accountPinLocked(15));
    expect(Number(fifth.headers['retry-after'])).toBe(900);
    const right = await addProfile(member.auth, { name: 'Guest' }, { 'x-account-pin': '5555' });
    expect(right.status).toBe(429);
    expect(await profileCount(member.id)).toBe(1);
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain('the account PIN that guards your profiles');
  });
});

describe('a kids profile', () => {
  it('is refused every account route with 403, and may still list and switch profiles', async () => {
    const member = await memberWithProfiles(3);
    const parent = (await addProfile(member.auth, { name: 'Parent', pin: '7777' })).body
      .data as HouseholdProfile;
    const added = (await addProfile(member.auth, { name: 'Kid', is_kids: true, maturity_limit: 'U/A 7+' }))
      .body.data as HouseholdProfile;
    const kid = await selectProfile(member.auth, added.id);

    const refused: Array<[Parameters<typeof call>[0], string, unknown?]> = [
      ['POST', '/user/update-profile', { first_name: 'K', last_name: 'I', email: member.email }],
      [
        'POST',
        '/user/change-password',
        {
          old_password: member.password,
          new_password: 'x'.repeat(9),
          new_password_confirmation: 'x'.repeat(9),
        },
      ],
      ['GET', '/user/payments'],
      ['GET', '/user/payments/1/receipt'],
      ['POST', '/user/get-payment-details?plan_id=1'],
      ['POST', '/user/process-payment', { plan_id: 1, payment_method: 'stripe', price: 1 }],
      ['POST', '/user/payment-success', { session_id: 'x', gateway: 'stripe' }],
      ['POST', '/user/cancle-subscription?id=1'],
      ['GET', '/user/my-submissions'],
      ['POST', '/user/movie-detail-request', { name: 'K' }],
      ['POST', '/user/send-mail-to-cast', { cast_id: 1, message: 'Hi' }],
      ['POST', '/user/profiles', { name: 'Sneaky' }],
      ['PATCH', `/user/profiles/${added.id}`, { is_kids: false }],
      ['DELETE', `/user/profiles/${added.id}`],
      ['PUT', '/user/profiles/account-pin', { password: member.password, pin: '0000' }],
      ['GET', '/admin/members'],
    ];
    for (const [method, path, payload] of refused) {
      const res = await call(method, path, kid, payload);
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.body.status).toBe(false);
    }
    expect((await household(member.auth)).profiles.find((p) => p.id === added.id)).toMatchObject({
      is_kids: true,
    });
    expect(await profileCount(member.id)).toBe(3);

    expect((await call('GET', '/user/profiles', kid)).status).toBe(200);
    expect((await call('GET', '/user/watch-list', kid)).status).toBe(200);
    expect((await call('GET', '/user/continue-watching', kid)).status).toBe(200);
    // Back to a grown-up profile, with its PIN.
    const denied = await call('POST', `/user/profiles/${parent.id}/select`, kid, { pin: '0000' });
    expect(denied.status).toBe(422);
    const back = await selectProfile(kid, parent.id, '7777');
    expect((await call('GET', '/user/payments', back)).status).toBe(200);
  });
});

describe('per-profile state', () => {
  it('keeps a watch list, progress, Continue Watching and likes per profile; sign-in acts as the owner', async () => {
    const member = await memberWithProfiles(2);
    const [first, second] = [
      await insertTitle(db(), { name: 'Owner pick' }),
      await insertTitle(db(), { name: 'Guest pick' }),
    ];
    const added = (await addProfile(member.auth, { name: 'Guest' })).body.data as HouseholdProfile;
    const guest = await selectProfile(member.auth, added.id);

    await call('POST', '/user/save-watch-list', member.auth, { entertainment_id: first });
    await call('POST', '/user/save-watch-list', guest, { entertainment_id: second });
    const ids = async (auth: Headers, path: string) =>
      ((await call('GET', path, auth)).body.data as Array<{ id: number }>).map((card) => card.id);
    expect(await ids(member.auth, '/user/watch-list')).toEqual([first]);
    expect(await ids(guest, '/user/watch-list')).toEqual([second]);

    await call('POST', '/user/playback-progress', guest, {
      entertainment_id: first,
      position_seconds: 40,
      duration_seconds: 600,
    });
    expect(await ids(guest, '/user/continue-watching')).toEqual([first]);
    expect(await ids(member.auth, '/user/continue-watching')).toEqual([]);
    const ownerView = (await call('GET', `/user/movie-details/${first}`, member.auth)).body.data;
    expect(ownerView).toMatchObject({ is_watch_list: true, progress: null });
    const guestView = (await call('GET', `/user/movie-details/${first}`, guest)).body.data;
    expect(guestView).toMatchObject({ is_watch_list: false, progress: { position_seconds: 40 } });

    // A new sign-in acts as the owner's profile and sees the owner's state.
    const login = await call('POST', '/login', {}, { email: member.email, password: member.password });
    const signedIn = bearer(login.body.data.api_token);
    expect((await household(signedIn)).current_profile_id).toBe(member.profileId);
    expect(await ids(signedIn, '/user/watch-list')).toEqual([first]);
  });

  it("counts the plan's screens per account, across its profiles", async () => {
    const member = await signUp(server.app);
    await subscribe(
      server.app,
      member.id,
      await insertPlan(server.app, { name: 'One screen', screens: 1, profiles: 2 }),
    );
    const titleId = await insertTitle(db(), { name: 'Shared screen' });
    const added = (await addProfile(member.auth, { name: 'Guest' })).body.data as HouseholdProfile;
    const guest = await selectProfile(member.auth, added.id);
    expect(
      (await call('POST', '/user/playback-lease', member.auth, { entertainment_id: titleId })).status,
    ).toBe(200);
    const second = await call('POST', '/user/playback-lease', guest, { entertainment_id: titleId });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('1 screen at a time');
  });
});

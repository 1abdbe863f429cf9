import {
  AdminSettingsMessages,
  API_BASE,
  DEFAULT_CONTENT_RATING_SCALE,
  type SiteSettings,
} from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { signUp, signUpAdmin } from '../../testing/http';

const SETTINGS = `${API_BASE}/admin/settings`;
const PUBLIC_SETTINGS = `${API_BASE}/site-settings`;

type Account = Awaited<ReturnType<typeof signUpAdmin>>;

describe('site settings', () => {
  let server: TestServer;
  let admin: Account;
  const db = () => server.app.ctx.db;

  beforeAll(async () => {
    server = await startTestServer({
      APP_NAME: 'Reeltime Test',
      AD_SLOT_URL: 'https://ads.config.example/slot',
      MAX_UPLOAD_MB: '3',
    });
    admin = await signUpAdmin(server.app);
  });
  afterAll(() => server.close());

  const put = (payload: unknown) =>
    server.app.inject({ method: 'PUT', url: SETTINGS, headers: admin.auth, payload: payload as object });
  const auditRows = () =>
    db().selectFrom('audit_log').selectAll().where('action', '=', 'settings.update').execute();
  const settingsRows = () => db().selectFrom('settings').selectAll().execute();
  const frameSrc = (headers: Record<string, unknown>) =>
    /frame-src ([^;]+)/.exec(headers['content-security-policy'] as string)?.[1] ?? '';

  it('starts from the config: APP_NAME, sign-ups open and AD_SLOT_URL, in the page and its frame policy', async () => {
    const res = await server.app.inject({ url: SETTINGS, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      site_name: 'Reeltime Test',
      signups_open: true,
      ad_slot_url: 'https://ads.config.example/slot',
      support_email: '',
      content_rating_scale: ['U', 'U/A 7+', 'U/A 13+', 'U/A 16+', 'A'],
      updated_at: null,
    });
    const page = await server.app.inject({ url: '/browse' });
    expect(page.body).toContain('<title>Reeltime Test</title>');
    expect(page.body).toContain('<meta name="ad-slot-url" content="https://ads.config.example/slot" />');
    expect(page.body).toContain('<meta name="signups-open" content="true" />');
    expect(page.body).toContain('<meta name="max-upload-mb" content="3" />');
    expect(page.body).not.toContain('support-email');
    expect(frameSrc(page.headers)).toContain('https://ads.config.example');
  });

  it.each([
    [
      { site_name: '', signups_open: true, ad_slot_url: '' },
      'site_name',
      AdminSettingsMessages.siteNameRequired,
    ],
    [
      { site_name: '   ', signups_open: true, ad_slot_url: '' },
      'site_name',
      AdminSettingsMessages.siteNameRequired,
    ],
    [
      { site_name: 'x'.repeat(61), signups_open: true, ad_slot_url: '' },
      'site_name',
      AdminSettingsMessages.siteNameTooLong,
    ],
    [
      { site_name: 'A', signups_open: 'yes', ad_slot_url: '' },
      'signups_open',
      AdminSettingsMessages.signupsOpenInvalid,
    ],
    [
      { site_name: 'A', signups_open: true, ad_slot_url: 'http://ads.example.com' },
      'ad_slot_url',
      AdminSettingsMessages.adSlotUrlInvalid,
    ],
    [
      { site_name: 'A', signups_open: true, ad_slot_url: 'javascript:alert(1)' },
      'ad_slot_url',
      AdminSettingsMessages.adSlotUrlInvalid,
    ],
    [
      { site_name: 'A', signups_open: true, ad_slot_url: 'https://u:p@ads.example.com' },
      'ad_slot_url',
      AdminSettingsMessages.adSlotUrlInvalid,
    ],
    [{ site_name: 'A', signups_open: true }, 'ad_slot_url', AdminSettingsMessages.adSlotUrlInvalid],
    [
      { site_name: 'A', signups_open: true, ad_slot_url: '', support_email: 'help at example.com' },
      'support_email',
      AdminSettingsMessages.supportEmailInvalid,
    ],
    [
      { site_name: 'A', signups_open: true, ad_slot_url: '', support_email: 'mailto:help@example.com' },
      'support_email',
      AdminSettingsMessages.supportEmailInvalid,
    ],
    [
      { site_name: 'A', signups_open: true, ad_slot_url: '', support_email: 42 },
      'support_email',
      AdminSettingsMessages.supportEmailInvalid,
    ],
    [
      {
        site_name: 'A',
        signups_open: true,
        ad_slot_url: '',
        support_email: `${'a'.repeat(250)}@example.com`,
      },
      'support_email',
      AdminSettingsMessages.supportEmailTooLong,
    ],
    [
      { site_name: 'A', signups_open: true, ad_slot_url: '', content_rating_scale: [] },
      'content_rating_scale',
      AdminSettingsMessages.ratingScaleEmpty,
    ],
    [
      { site_name: 'A', signups_open: true, ad_slot_url: '', content_rating_scale: 'U, A' },
      'content_rating_scale',
      AdminSettingsMessages.ratingScaleInvalid,
    ],
    [
      { site_name: 'A', signups_open: true, ad_slot_url: '', content_rating_scale: ['U', 'A', 'u '] },
      'content_rating_scale',
      AdminSettingsMessages.ratingLabelRepeated('u'),
    ],
    [
      { site_name: 'A', signups_open: true, ad_slot_url: '', content_rating_scale: ['U', '  ', 'A'] },
      'content_rating_scale.1',
      AdminSettingsMessages.ratingLabelRequired,
    ],
    [
      { site_name: 'A', signups_open: true, ad_slot_url: '', content_rating_scale: ['U', 7] },
      'content_rating_scale.1',
      AdminSettingsMessages.ratingLabelRequired,
    ],
    [
      { site_name: 'A', signups_open: true, ad_slot_url: '', content_rating_scale: ['U', 'x'.repeat(21)] },
      'content_rating_scale.1',
      AdminSettingsMessages.ratingLabelTooLong,
    ],
    [
      {
        site_name: 'A',
        signups_open: true,
        ad_slot_url: '',
        content_rating_scale: Array.from({ length: 21 }, (_, index) => `R${index}`),
      },
      'content_rating_scale',
      AdminSettingsMessages.ratingScaleTooLong,
    ],
  ])('refuses %j with 422 on %s and writes nothing', async (payload, field, message) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().status).toBe(false);
    expect(res.json().errors[field]).toContain(message);
    expect(await settingsRows()).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it('refuses a field it does not know', async () => {
    const res = await put({ site_name: 'A', signups_open: true, ad_slot_url: '', theme: 'pink' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: false,
      message: 'Unknown field: theme',
      errors: { theme: ['Unknown field: theme'] },
    });
    expect(await settingsRows()).toEqual([]);
  });

  it('saves every setting with an audit entry, and the page, its frame policy and the public read follow', async () => {
    const res = await put({
      site_name: '  Night <Owl>  ',
      signups_open: true,
      ad_slot_url: 'https://ads.owl.example/a?b=1&c=2',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AdminSettingsMessages.settingsSaved);
    const saved = res.json().data as SiteSettings;
    expect(saved).toMatchObject({
      site_name: 'Night <Owl>',
      signups_open: true,
      ad_slot_url: 'https://ads.owl.example/a?b=1&c=2',
    });
    expect(saved.updated_at).not.toBeNull();

    const [entry] = await auditRows();
    expect(entry).toMatchObject({ actor_id: admin.id, actor_email: admin.email, entity_type: 'settings' });
    expect(JSON.parse(entry!.before!)).toEqual({
      site_name: 'Reeltime Test',
      signups_open: true,
      ad_slot_url: 'https://ads.config.example/slot',
      support_email: '',
      content_rating_scale: DEFAULT_CONTENT_RATING_SCALE,
    });
    expect(JSON.parse(entry!.after!)).toEqual({
      site_name: 'Night <Owl>',
      signups_open: true,
      ad_slot_url: 'https://ads.owl.example/a?b=1&c=2',
    });

    const page = await server.app.inject({ url: '/' });
    expect(page.body).toContain('<title>Night &#60;Owl&#62;</title>');
    expect(page.body).toContain('content="https://ads.owl.example/a?b=1&#38;c=2"');
    expect(frameSrc(page.headers)).toContain('https://ads.owl.example');
    expect(frameSrc(page.headers)).not.toContain('ads.config.example');

    const publicRead = await server.app.inject({ url: PUBLIC_SETTINGS });
    expect(publicRead.statusCode).toBe(200);
    expect(publicRead.json().data).toEqual({
      site_name: 'Night <Owl>',
      signups_open: true,
      support_email: '',
      content_rating_scale: DEFAULT_CONTENT_RATING_SCALE,
      max_upload_mb: 3,
    });
  });

  it('saves a support address for the page and the public read; a save without the field keeps it', async () => {
    const res = await put({
      site_name: 'Owl',
      signups_open: true,
      ad_slot_url: '',
      support_email: '  Help@Owl.example ',
    });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as SiteSettings).support_email).toBe('Help@Owl.example');

    expect((await put({ site_name: 'Owl', signups_open: true, ad_slot_url: '' })).statusCode).toBe(200);
    const page = await server.app.inject({ url: '/payment-success' });
    expect(page.body).toContain('<meta name="support-email" content="Help@Owl.example" />');
    const publicRead = await server.app.inject({ url: PUBLIC_SETTINGS });
    expect(publicRead.json().data).toMatchObject({ support_email: 'Help@Owl.example' });

    expect(
      (await put({ site_name: 'Owl', signups_open: true, ad_slot_url: '', support_email: '' })).statusCode,
    ).toBe(200);
    expect((await server.app.inject({ url: '/' })).body).not.toContain('support-email');
  });

  it('saves the content-rating scale in its new order for the public read; a save without it keeps it', async () => {
    const scale = ['G', ' PG ', 'PG-13', 'R', 'NC-17'];
    const res = await put({
      site_name: 'Owl',
      signups_open: true,
      ad_slot_url: '',
      content_rating_scale: scale,
    });
    expect(res.statusCode).toBe(200);
    const trimmed = ['G', 'PG', 'PG-13', 'R', 'NC-17'];
    expect((res.json().data as SiteSettings).content_rating_scale).toEqual(trimmed);
    const [entry] = (await auditRows()).slice(-1);
    expect(JSON.parse(entry!.after!)).toMatchObject({ content_rating_scale: trimmed });

    expect((await put({ site_name: 'Owl', signups_open: true, ad_slot_url: '' })).statusCode).toBe(200);
    const publicRead = await server.app.inject({ url: PUBLIC_SETTINGS });
    expect(publicRead.json().data.content_rating_scale).toEqual(trimmed);

    const restored = await put({
      site_name: 'Owl',
      signups_open: true,
      ad_slot_url: '',
      content_rating_scale: DEFAULT_CONTENT_RATING_SCALE,
    });
    expect(restored.json().data.content_rating_scale).toEqual(DEFAULT_CONTENT_RATING_SCALE);
  });

  it('an empty ad slot removes it from the page and the frame policy, even with AD_SLOT_URL set', async () => {
    expect((await put({ site_name: 'Owl', signups_open: true, ad_slot_url: '' })).statusCode).toBe(200);
    const page = await server.app.inject({ url: '/' });
    expect(page.body).not.toContain('ad-slot-url');
    expect(frameSrc(page.headers)).not.toContain('ads.');
    expect(frameSrc(page.headers)).toContain('https://www.youtube-nocookie.com');
  });

  it('closed sign-ups refuse POST /register with 403 and create no account; reopened, it works again', async () => {
    expect((await put({ site_name: 'Owl', signups_open: false, ad_slot_url: '' })).statusCode).toBe(200);
    const publicRead = await server.app.inject({ url: PUBLIC_SETTINGS });
    expect(publicRead.json().data.signups_open).toBe(false);
    expect((await server.app.inject({ url: '/' })).body).toContain(
      '<meta name="signups-open" content="false" />',
    );

    const account = {
      first_name: 'Late',
      last_name: 'Comer',
      email: 'late@example.com',
      password: 'secret123',
    };
    const refused = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/register`,
      payload: account,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: false, message: AdminSettingsMessages.signupsClosed });
    const rows = await db().selectFrom('users').select('id').where('email', '=', account.email).execute();
    expect(rows).toEqual([]);

    // Members who already have an account still sign in.
    const login = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/login`,
      payload: { email: admin.email, password: admin.password },
    });
    expect(login.statusCode).toBe(200);

    expect((await put({ site_name: 'Owl', signups_open: true, ad_slot_url: '' })).statusCode).toBe(200);
    const accepted = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/register`,
      payload: account,
    });
    expect(accepted.statusCode).toBe(201);
  });

  it('names the site in mails by its saved name', async () => {
    expect((await put({ site_name: 'Cinema <Owl>', signups_open: true, ad_slot_url: '' })).statusCode).toBe(
      200,
    );
    const member = await signUp(server.app);
    const asked = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/forgot-password`,
      payload: { email: member.email },
    });
    expect(asked.statusCode).toBe(200);
    await server.app.jobs.drain();
    const mail = await db()
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', member.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Reset your Cinema <Owl> password');
    expect(mail.text_body).toContain('your Cinema <Owl> account');
    expect(mail.text_body).not.toContain('Reeltime Test');
  });
});

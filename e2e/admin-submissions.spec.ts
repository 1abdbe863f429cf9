import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin, bearer, registerAccount } from './support/api';
import { API, SCREENSHOT_DIR } from './support/env';
import { gradientPng } from './support/png';
import { expectToast, signIn } from './support/ui';

/** The demo catalog's admin (apps/server/src/db/seed/demo.ts). */
const DEMO_ADMIN = { email: 'admin@reeltime.local', password: 'admin1234' } as const;

/** Sends a submission as a member's form would, with one cast member and their photo. */
async function submitMovie(request: APIRequestContext, token: string, title: string): Promise<void> {
  const image = (name: string) => ({ name, mimeType: 'image/png', buffer: gradientPng(320, 180) });
  const response = await request.post(`${API}/user/movie-detail-request`, {
    headers: bearer(token),
    multipart: {
      name: 'Asha Rao',
      email: 'asha@example.test',
      role: 'Director',
      title,
      description: 'A short film about letters written in the rain.',
      type: 'Movie',
      platform: 'youtube',
      link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      thumnail: image('thumbnail.png'),
      'cast[0][name]': 'Lead Actor',
      'cast[0][jobTitle]': 'Actor',
      'cast[0][email]': `lead-${randomUUID().slice(0, 8)}@example.test`,
      'cast[0][image]': image('lead.png'),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('an admin approves a member’s submission, finds the draft title, and the member sees Approved', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await registerAccount(request, 'submitter');
  const { token } = await apiLogin(request, account.email, account.password);
  const title = `Monsoon Letters ${randomUUID().slice(0, 6)}`;
  await submitMovie(request, token, title);

  const adminContext = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await admin.goto('/admin/submissions');
  const card = admin.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByTitle(`Video of “${title}”`)).toBeVisible();
  await expect(card.getByText('Lead Actor')).toBeVisible();
  await admin.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-submissions.png'), fullPage: true });

  await card.getByRole('button', { name: `Approve ${title}` }).click();
  const confirm = admin.getByRole('alertdialog', { name: `Approve “${title}”?` });
  await confirm.getByRole('button', { name: 'Approve and create draft' }).click();
  await expectToast(admin, new RegExp(`“${title}” approved: draft title #\\d+ created, unpublished\\.`));
  await expect(card).toBeHidden();

  await admin.getByRole('link', { name: 'Open the draft title' }).click();
  await expect(admin).toHaveURL(/\/admin\/titles\/\d+$/);
  await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(admin.getByText('Draft', { exact: true }).first()).toBeVisible();

  // The draft also waits among the unpublished titles.
  await admin.goto(`/admin/titles?published=false&search=${encodeURIComponent(title)}`);
  await expect(admin.getByRole('link', { name: title })).toBeVisible();

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member, account.email, account.password);
  await member.goto('/my-submissions');
  const item = member.getByRole('listitem').filter({ has: member.getByRole('heading', { name: title }) });
  await expect(item.getByText('Approved', { exact: true })).toBeVisible();

  await memberContext.close();
  await adminContext.close();
});

test('the console’s genres, people and banners sections open with their lists, for the screenshots', async ({
  browser,
}) => {
  const adminContext = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  for (const [section, heading, firstCell] of [
    ['genres', 'Genres', 'Drama'],
    ['people', 'People', null],
    ['banners', 'Banners', null],
  ] as const) {
    await admin.goto(`/admin/${section}`);
    await expect(admin.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(admin.getByRole('table')).toBeVisible();
    if (firstCell) await expect(admin.getByRole('cell', { name: firstCell, exact: true })).toBeVisible();
    await expect(admin.getByRole('row').nth(1)).toBeVisible();
    await admin.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-${section}.png`), fullPage: true });
  }
  await adminContext.close();
});

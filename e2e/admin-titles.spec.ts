import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiLogin, bearer } from './support/api';
import { API, DEMO_MEMBER, SCREENSHOT_DIR } from './support/env';
import { expectToast, signIn } from './support/ui';

/** The demo catalog's admin (apps/server/src/db/seed/demo.ts). */
const DEMO_ADMIN = { email: 'admin@reeltime.local', password: 'admin1234' } as const;

test('an admin renames a title in the console and a member then sees the new name on its details page', async ({
  browser,
  request,
}) => {
  const unique = randomUUID().slice(0, 6);
  const oldName = `Lantern Bay ${unique}`;
  const newName = `Lantern Bay Returns ${unique}`;
  const { token } = await apiLogin(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const created = await request.post(`${API}/admin/titles`, {
    headers: bearer(token),
    data: {
      type: 'movie',
      name: oldName,
      description: 'A lighthouse keeper and a storm.',
      release_date: '2024-03-01',
      is_published: true,
      is_free: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: number } }).data;

  // The member opens the details first, so the catalog cache holds the old name.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await member.goto(`/movie-details/${id}`);
  await expect(member.getByRole('heading', { level: 1, name: oldName })).toBeVisible();

  const adminContext = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await admin.goto('/admin/titles');
  await expect(admin.getByRole('heading', { level: 1, name: 'Titles' })).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search titles' }).fill(`Lantern Bay ${unique}`);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/titles\?search=/);
  const row = admin.getByRole('row').filter({ has: admin.getByRole('link', { name: oldName }) });
  await expect(row).toContainText('Published');
  await admin.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-titles.png'), fullPage: true });

  await row.getByRole('link', { name: oldName }).click();
  await expect(admin.getByRole('heading', { level: 1, name: oldName })).toBeVisible();
  const name = admin.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue(oldName);
  await name.fill(newName);
  await expect(admin.getByText('Unsaved changes')).toBeVisible();
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(admin, 'Title saved.');
  await expect(admin.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  await admin.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-title-editor.png'), fullPage: true });

  await member.reload();
  await expect(member.getByRole('heading', { level: 1, name: newName })).toBeVisible();

  // Unpublished in the console, the title is gone for the member on the next load.
  await admin.getByRole('button', { name: 'Unpublish', exact: true }).click();
  const dialog = admin.getByRole('alertdialog', { name: `Unpublish “${newName}”?` });
  await dialog.getByRole('button', { name: 'Unpublish', exact: true }).click();
  await expectToast(admin, 'Title unpublished: members no longer see it.');
  await member.reload();
  await expect(member.getByRole('heading', { level: 1, name: newName })).toBeHidden();

  await adminContext.close();
  await memberContext.close();
});

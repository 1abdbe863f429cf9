import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { registerAccount } from './support/api';
import { API, SCREENSHOT_DIR } from './support/env';
import { expectSignedOutStorage, expectToast, openSignIn, openWatchList, signIn } from './support/ui';

/** The demo catalog's admin (apps/server/src/db/seed/demo.ts). */
const DEMO_ADMIN = { email: 'admin@reeltime.local', password: 'admin1234' } as const;
const DISABLED_MESSAGE = 'This account has been disabled. Contact support.';
const landingHeading = { level: 1, name: 'Unlimited movies, TV shows and more' } as const;

async function openMember(admin: Page, email: string, name: string) {
  await admin.goto('/admin/members');
  await admin.getByRole('searchbox', { name: 'Search members' }).fill(email);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/members\?search=/);
  await admin.getByRole('link', { name }).click();
  await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function confirmAction(admin: Page, button: string, dialogTitle: RegExp) {
  await admin.getByRole('button', { name: button, exact: true }).click();
  const dialog = admin.getByRole('alertdialog', { name: dialogTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('an admin disables a member: their open session ends on its next call, sign-in says why; enabled again, they can sign in', async ({
  browser,
  request,
}) => {
  // Two browsers signing in and out on a machine shared with transcodes.
  test.setTimeout(150_000);
  const account = await registerAccount(request, 'disabled');
  const name = `${account.first_name} ${account.last_name}`;
  const memberContext = await browser.newContext();
  const adminContext = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  const member = await memberContext.newPage();
  const admin = await adminContext.newPage();

  await signIn(member, account.email, account.password);
  // Browse's own member calls are over, so the click below makes the next one.
  await member.waitForLoadState('networkidle');

  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await openMember(admin, account.email, name);
  await expect(admin.getByText('1 device', { exact: true })).toBeVisible();
  await admin.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-member.png'), fullPage: true });

  await confirmAction(admin, 'Disable', /^Disable /);
  await expectToast(admin, 'The member is disabled and signed out everywhere.');
  await expect(admin.getByRole('button', { name: 'Enable', exact: true })).toBeVisible();
  await expect(admin.getByText('0 devices', { exact: true })).toBeVisible();

  // The member's open session is refused on its very next call.
  const refused = member.waitForResponse(
    (response) => response.url().includes(`${API}/user/watch-list`) && response.status() === 401,
  );
  await openWatchList(member);
  await refused;
  await expect(member.getByRole('heading', landingHeading)).toBeVisible();
  await expectSignedOutStorage(member);

  await openSignIn(member);
  await member.getByLabel('Email', { exact: true }).fill(account.email);
  await member.getByLabel('Password', { exact: true }).fill(account.password);
  await member.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(member, DISABLED_MESSAGE);
  await expect(member).toHaveURL('/login');

  await confirmAction(admin, 'Enable', /^Enable /);
  await expectToast(admin, 'The member can sign in again.');

  await signIn(member, account.email, account.password);

  await adminContext.close();
  await memberContext.close();
});

test('the Members, Mail and Jobs sections list what the site holds', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  const admin = await context.newPage();
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);

  await admin.goto('/admin/members?status=admin');
  await expect(admin.getByRole('link', { name: 'Site Admin' })).toBeVisible();
  await admin.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-members.png'), fullPage: true });

  await admin.goto('/admin/mail');
  await expect(admin.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
  await expect(admin.locator('[aria-busy="true"]')).toHaveCount(0);
  await admin.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-mail.png'), fullPage: true });

  await admin.goto('/admin/jobs');
  await expect(admin.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Jobs' }).getByRole('row').nth(1)).toBeVisible();
  await admin.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-jobs.png'), fullPage: true });
  await context.close();
});

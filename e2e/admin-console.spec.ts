import { expect, test, type Page } from '@playwright/test';
import { newAccount } from './support/api';
import { API } from './support/env';
import { signIn } from './support/ui';

/** The demo catalog's admin (apps/server/src/db/seed/demo.ts). */
const DEMO_ADMIN = { email: 'admin@reeltime.local', password: 'admin1234' } as const;
const SIGNUPS_CLOSED = 'Sign-ups are closed for now. Please check back later.';

async function openConsoleFromHeader(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: 'Console' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
}

/** Waits until the section has drawn its data: a heading, no busy table, no loading line. */
async function settleSection(page: Page) {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('main').getByText(/^Loading/)).toHaveCount(0);
  // Sections that refresh while work is under way never go idle; the wait is only a courtesy.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

async function setSignups(page: Page, open: boolean) {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).click();
  const toggle = page.getByRole('switch', { name: 'Sign-ups open' });
  await expect(toggle).toBeVisible();
  if ((await toggle.isChecked()) === open) return;
  await toggle.setChecked(open);
  await page.getByRole('button', { name: 'Save settings' }).click();
  if (!open) {
    const dialog = page.getByRole('alertdialog', { name: 'Close sign-ups?' });
    await dialog.getByRole('button', { name: 'Close sign-ups' }).click();
    await expect(dialog).toBeHidden();
  }
  // An earlier save's toast may still be up: the disabled button shows this one went through.
  await expect(page.getByRole('status').getByText('Settings saved.').last()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();
}

test('an admin opens the console from the header and visits every section', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  const page = await context.newPage();
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await openConsoleFromHeader(page);

  const nav = page.getByRole('navigation', { name: 'Console' });
  const sections = await nav.getByRole('listitem').getByRole('link').allTextContents();
  expect(sections.length).toBeGreaterThanOrEqual(13);
  for (const section of sections) {
    await nav.getByRole('link', { name: section, exact: true }).click();
    await expect(nav.getByRole('link', { name: section, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await settleSection(page);
    await expect(page).toHaveTitle(new RegExp(`^${section} · Console \\| `));
    // Written into the test's output folder (the e2e artifacts) and attached to the report.
    const file = testInfo.outputPath(`console-${section.toLowerCase().replaceAll(' ', '-')}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`${section} section`, { path: file, contentType: 'image/png' });
  }

  // The overview's chart is drawn, with its figures as text beside it.
  await nav.getByRole('link', { name: 'Overview', exact: true }).click();
  await expect(
    page.getByRole('img', { name: /views per day over the last 30 days/ }).locator('canvas'),
  ).toBeVisible();
  await expect(page.getByText(/views in the last 30 days|No views in the last 30 days/)).toBeVisible();
  await context.close();
});

test('an admin closes sign-ups, a visitor is refused with the message, and the admin opens them again', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await openConsoleFromHeader(admin);

  try {
    await setSignups(admin, false);

    await visitor.goto('/signup');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expect(visitor.getByText(SIGNUPS_CLOSED)).toBeVisible();
    await expect(visitor.getByLabel('Email', { exact: true })).toHaveCount(0);
    const refused = await request.post(`${API}/register`, { data: newAccount('closed') });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ status: false, message: SIGNUPS_CLOSED });

    // The change is in the audit log, with what it was before.
    await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
    await admin.getByLabel('Action').fill('settings.');
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    await expect(admin).toHaveURL(/\/admin\/audit\?action=settings\./);
    const entry = admin.getByRole('row').filter({ hasText: 'settings.update' }).first();
    await expect(entry).toContainText(DEMO_ADMIN.email);
    await entry.getByText(/field(s)? changed/).click();
    await expect(entry.getByRole('row', { name: /signups_open true false/ })).toBeVisible();
  } finally {
    await setSignups(admin, true);
  }

  await visitor.reload();
  await expect(visitor.getByLabel('Email', { exact: true })).toBeVisible();
  await expect(visitor.getByText(SIGNUPS_CLOSED)).toHaveCount(0);
  const accepted = await request.post(`${API}/register`, { data: newAccount('reopened') });
  expect(accepted.status()).toBe(201);
  await adminContext.close();
  await visitorContext.close();
});

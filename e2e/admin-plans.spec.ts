import path from 'node:path';
import { expect, test } from '@playwright/test';
import { registerAccount } from './support/api';
import { SCREENSHOT_DIR } from './support/env';
import { expectToast, signIn } from './support/ui';

/** The demo catalog's admin (apps/server/src/db/seed/demo.ts). */
const DEMO_ADMIN = { email: 'admin@reeltime.local', password: 'admin1234' } as const;
const PRICE_NOTE =
  'Price changes apply to new checkouts only: open checkouts and existing subscriptions keep the price they started with.';

test('an admin creates a plan and changes its price; a member opening its payment details sees the new price', async ({
  browser,
  request,
}) => {
  // A plan of this run's own, so the demo plans other journeys rely on keep their prices.
  const planName = `Weekend ${Date.now().toString(36)}`;
  const adminContext = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);

  await test.step('the admin creates the plan from the console', async () => {
    await admin.goto('/admin/plans');
    await expect(admin.getByRole('heading', { level: 1, name: 'Plans and taxes' })).toBeVisible();
    await expect(admin.getByRole('row', { name: /Standard/ })).toBeVisible();
    await admin.getByRole('button', { name: 'New plan' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New plan' });
    await dialog.getByLabel('Name', { exact: true }).fill(planName);
    await dialog.getByLabel('Price (INR)').fill('250');
    await dialog.getByLabel('Video quality up to').selectOption('720');
    await dialog.getByLabel('Order on the plans page').fill('9');
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await expectToast(admin, 'Plan created.');
    await expect(admin.getByRole('row', { name: new RegExp(planName) })).toContainText('₹250.00');
  });

  const member = await browser.newPage();
  const account = await registerAccount(request, 'plans');
  await signIn(member, account.email, account.password);

  await test.step('a member sees it at the first price', async () => {
    await member.goto('/plans');
    await member
      .getByRole('article', { name: planName })
      .getByRole('link', { name: /^Choose Plan/ })
      .click();
    await expect(member.getByRole('heading', { level: 1, name: 'Payment Details' })).toBeVisible();
    const breakdown = member.getByRole('table', { name: 'Price breakdown' });
    await expect(breakdown.getByRole('row', { name: /^Price/ })).toContainText('₹250.00');
  });

  await test.step('the admin changes the price, told that it applies to new checkouts', async () => {
    await admin.getByRole('button', { name: `Edit ${planName}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Edit ${planName}` });
    await expect(dialog.getByText(PRICE_NOTE)).toBeVisible();
    await dialog.getByLabel('Price (INR)').fill('275.50');
    await dialog.getByLabel('Discount (%)').fill('10');
    await expect(dialog.getByText('Members pay ₹247.95 before taxes.')).toBeVisible();
    await admin.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-plan-editor.png') });
    await dialog.getByRole('button', { name: 'Save plan' }).click();
    await expectToast(admin, 'Plan saved.');
    const row = admin.getByRole('row', { name: new RegExp(planName) });
    await expect(row).toContainText('₹247.95');
    await expect(row).toContainText('₹275.50 − 10%');
    await admin.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-plans.png'), fullPage: true });
  });

  await test.step('the member opening the payment details again sees the new price', async () => {
    await member.reload();
    const breakdown = member.getByRole('table', { name: 'Price breakdown' });
    await expect(breakdown.getByRole('row', { name: /^Price/ })).toContainText('₹275.50');
    await expect(breakdown.getByRole('row', { name: /^Subtotal/ })).toContainText('₹247.95');
  });

  await test.step('deactivated, the plan leaves the member’s plans page', async () => {
    await admin.getByRole('button', { name: `Deactivate ${planName}` }).click();
    const confirm = admin.getByRole('alertdialog', { name: `Deactivate ${planName}?` });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expectToast(admin, `${planName} is inactive: members no longer see it.`);
    await member.goto('/plans');
    await expect(member.getByRole('article', { name: 'Standard' })).toBeVisible();
    await expect(member.getByRole('article', { name: planName })).toHaveCount(0);
  });

  await adminContext.close();
});

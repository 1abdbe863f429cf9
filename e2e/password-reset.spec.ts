import { expect, test } from '@playwright/test';
import { registerAccount } from './support/api';
import { API } from './support/env';
import { linkIn, waitForMail } from './support/outbox';
import { expectToast, signIn, storedSession } from './support/ui';

test('forgot password: the mailed link resets the password, and the new one signs in', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'forgot');
  const newPassword = 'brand-new-secret-42';

  await test.step('ask for a reset link', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    const send = page.getByRole('button', { name: 'Send Reset Link' });
    await expect(send).toBeDisabled();
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await expect(send).toBeEnabled();
    await send.click();
    await expectToast(page, 'If an account exists for that email, we have sent a password reset link.');
    await expect(page).toHaveURL('/');
  });

  let link: URL;
  await test.step('the mail in the outbox carries a reset link', async () => {
    const mail = await waitForMail(account.email);
    expect(mail.subject).toMatch(/reset/i);
    link = linkIn(mail, '/reset-password');
    expect(link.searchParams.get('token')).toBeTruthy();
  });

  await test.step('choose a new password through the link', async () => {
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Your password has been reset. You can sign in now.');
    await expect(page).toHaveURL('/login');
  });

  await test.step('the link works only once', async () => {
    const again = await request.post(`${API}/reset-password`, {
      data: {
        token: link.searchParams.get('token'),
        password: 'another-one-99',
        password_confirmation: 'another-one-99',
      },
    });
    expect(again.status()).toBeGreaterThanOrEqual(400);
    expect(again.status()).toBeLessThan(500);
  });

  await test.step('the old password no longer works', async () => {
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
      'These credentials do not match our records.',
    );
    await expect(page).toHaveURL('/login');
    expect((await storedSession(page)).token).toBeNull();
  });

  await test.step('the new password signs in', async () => {
    await signIn(page, account.email, newPassword);
    expect((await storedSession(page)).token).toBeTruthy();
  });
});

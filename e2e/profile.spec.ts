import { expect, test } from '@playwright/test';
import { memberCallStatus, registerAccount } from './support/api';
import { gradientPng } from './support/png';
import { chooseFromAccountMenu, expectToast, signIn, storedSession } from './support/ui';

test('a member edits the profile with a new picture, changes the password and signs in with it', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'profile');
  const newPassword = 'changed-password-77';
  await signIn(page, account.email, account.password);

  await test.step('open the profile from the account menu', async () => {
    await chooseFromAccountMenu(page, 'Account');
    await expect(page).toHaveURL('/edit-profile');
    await expect(page).toHaveTitle('Edit Profile | Reeltime');
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Update Profile' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('img', { name: 'No profile picture' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  });

  await test.step('upload a picture and change the name', async () => {
    const update = page.getByRole('button', { name: 'Update Profile' });
    await expect(update).toBeDisabled();
    await page.getByLabel('Choose picture').setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: gradientPng(320, 320),
    });
    const preview = page.getByRole('img', { name: 'Profile picture' });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('src', /^blob:/);

    await page.getByLabel('First name').fill('Renamed');
    await page.getByLabel('Mobile').fill('+91 98765 43210');
    await page.getByLabel('Gender').selectOption('other');
    await page.getByLabel('Date of birth').fill('1990-04-12');
    await expect(update).toBeEnabled();
    await update.click();
    await expectToast(page, 'Profile updated successfully.');

    // The stored picture replaces the preview, and it loads.
    await expect(preview).toHaveAttribute('src', /^\/media\//);
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    const { user } = await storedSession(page);
    expect(user).toMatchObject({
      first_name: 'Renamed',
      last_name: account.last_name,
      mobile: '+91 98765 43210',
      gender: 'other',
      date_of_birth: '1990-04-12',
      profile_image: expect.stringMatching(/^\/media\//),
    });
    await expect(
      page.getByRole('button', { name: `Account menu for Renamed ${account.last_name}` }),
    ).toBeVisible();
    await expect(update).toBeDisabled();

    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Renamed');
    await expect(page.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', /^\/media\//);
  });

  let oldToken = '';
  await test.step('change the password', async () => {
    oldToken = (await storedSession(page)).token!;
    await page.getByRole('tab', { name: 'Change Password' }).click();
    await expect(page.getByRole('tab', { name: 'Change Password' })).toHaveAttribute('aria-selected', 'true');
    const submit = page.getByRole('button', { name: 'Change Password', exact: true });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Old password', { exact: true }).fill(account.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expectToast(page, 'Password changed successfully.');

    const newToken = (await storedSession(page)).token;
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(oldToken);
    expect(await memberCallStatus(request, oldToken)).toBe(401);
    expect(await memberCallStatus(request, newToken!)).toBe(200);
    // Still signed in with the new token.
    await expect(page).toHaveURL('/edit-profile');
    await expect(page.getByLabel('Old password', { exact: true })).toHaveValue('');
  });

  await test.step('sign out and sign in with the new password', async () => {
    await chooseFromAccountMenu(page, 'Logout');
    await expect(page).toHaveURL('/');
    await signIn(page, account.email, newPassword);
    const { user } = await storedSession(page);
    expect(user).toMatchObject({ first_name: 'Renamed', profile_image: expect.stringMatching(/^\/media\//) });
  });
});

import { expect, test } from '@playwright/test';
import { newAccount } from './support/api';
import { API, DEMO_MEMBER } from './support/env';
import { openSignIn } from './support/ui';

test('a visitor sent to sign in from a title comes back to it, and a new account signs in with its email filled in', async ({
  page,
  request,
}) => {
  const response = await request.get(`${API}/user/latest-movie`);
  const [title] = ((await response.json()) as { data: Array<{ id: number; name: string }> }).data;
  expect(title).toBeDefined();

  await page.goto(`/movie-details/${title!.id}`);
  await page.getByRole('link', { name: 'Watch Now', exact: true }).click();
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/movie-details/${title!.id}`)}`);

  await page.getByRole('link', { name: 'Sign up now' }).click();
  const account = newAccount('returning');
  await page.getByLabel('First name').fill(account.first_name);
  await page.getByLabel('Last name').fill(account.last_name);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(`/movie-details/${title!.id}`);
});

for (const next of ['//evil.example', 'https://evil.example']) {
  test(`signing in never follows ?next=${next} off the site`, async ({ page }) => {
    await openSignIn(page, `/login?next=${encodeURIComponent(next)}`);
    await page.getByLabel('Email', { exact: true }).fill(DEMO_MEMBER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/browse');
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
  });
}

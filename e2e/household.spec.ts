import { expect, test, type Page } from '@playwright/test';
import { HouseholdMessages as M } from '@reeltime/contract';
import { apiLogin, getData, registerAccount } from './support/api';
import { subscribeThroughApi } from './support/billing';
import { expectToast, signIn } from './support/ui';

interface Card {
  id: number;
  name: string;
  content_rating: string;
}

/** The Standard plan of the demo catalog: four profiles. */
const STANDARD_PLAN_ID = 2;
/** What a U/A 7+ profile may be shown on the demo scale (U, U/A 7+, U/A 13+, U/A 16+, A). */
const WITHIN_LIMIT = ['U', 'U/A 7+'];
const OWNER_PIN = '2580';

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  return page.getByRole('menu', { name: 'Account' });
}

/** The rating badges of every card on the page, once it has settled. */
async function shownRatings(page: Page, cards: ReturnType<Page['locator']>): Promise<string[]> {
  await expect(cards.first()).toBeVisible();
  return cards.locator('.badge-rating').allTextContents();
}

test('a household adds a kids profile that sees nothing above its limit and cannot switch back without the PIN', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'household');
  const { token } = await apiLogin(request, account.email, account.password);
  await subscribeThroughApi(request, token, STANDARD_PLAN_ID);

  // A title above the kids limit, as a visitor sees the catalog (no limit).
  const latest = await getData<Card[]>(request, '/user/latest-movie?per_page=50');
  const adultTitle = latest.find((card) => card.content_rating === 'A' || card.content_rating === 'U/A 16+');
  expect(adultTitle, 'the demo catalog has a title rated above U/A 7+').toBeTruthy();

  // One profile: signing in goes straight to Browse.
  await signIn(page, account.email, account.password);

  await test.step('add a kids profile with a U/A 7+ limit in Manage profiles', async () => {
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Manage profiles' }).click();
    await expect(page).toHaveURL('/profiles/manage');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage profiles' })).toBeVisible();
    await expect(page.getByText('1 of 4 profiles')).toBeVisible();
    await page.getByRole('button', { name: 'Add profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a profile' });
    await dialog.getByLabel('Name').fill('Kiddo');
    await dialog.getByRole('checkbox', { name: 'Kids profile' }).check();
    await dialog.getByLabel('Maturity limit').selectOption('U/A 7+');
    await dialog.getByRole('button', { name: 'Add profile' }).click();
    await expectToast(page, M.profileCreated);
    await expect(page.getByText('2 of 4 profiles')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Kiddo' })).toBeVisible();
  });

  await test.step("lock the owner's profile with a PIN", async () => {
    await page.getByRole('button', { name: `Edit ${account.first_name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${account.first_name}` });
    await expect(dialog.getByRole('checkbox', { name: 'Kids profile' })).toBeDisabled();
    await dialog.getByLabel('PIN (optional, 4 digits)').fill(OWNER_PIN);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, M.profileSaved);
  });

  await test.step('switch to the kids profile from the account menu', async () => {
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Switch to Kiddo (kids)' }).click();
    await expect(page).toHaveURL('/browse');
    await expect(page.getByRole('button', { name: 'Account menu for Kiddo' })).toBeVisible();
    await expect(page.locator('.site-layout')).toHaveClass(/site-layout--kids/);
    const kidsMenu = await openAccountMenu(page);
    await expect(kidsMenu.getByRole('menuitem', { name: /Switch to / })).toBeVisible();
    for (const name of [
      'Billing history',
      'Subscription plans',
      'Account',
      'My submissions',
      'Manage profiles',
    ])
      await expect(kidsMenu.getByRole('menuitem', { name, exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  await test.step('browse rows, search and a direct link show nothing above U/A 7+', async () => {
    const rows = page.locator('main article.movie-card');
    for (const rating of await shownRatings(page, rows)) expect(WITHIN_LIMIT).toContain(rating);

    await page.goto('/search?q=the');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “the”' })).toBeVisible();
    const results = page.getByRole('list', { name: 'Results for the' }).getByRole('article');
    for (const rating of await shownRatings(page, results)) expect(WITHIN_LIMIT).toContain(rating);

    await page.goto(`/movie-details/${adultTitle!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'No movie details found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: adultTitle!.name, exact: true })).toHaveCount(0);
  });

  await test.step('billing and account pages ask for a grown-up', async () => {
    for (const path of ['/billing', '/edit-profile', '/plans']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Ask a grown-up' })).toBeVisible();
    }
  });

  await test.step("a wrong PIN keeps the kids profile out of the owner's", async () => {
    await page.goto('/browse');
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: `Switch to ${account.first_name}, PIN protected` }).click();
    const dialog = page.getByRole('dialog', { name: `Enter ${account.first_name}'s PIN` });
    await dialog.getByLabel('PIN').fill('0000');
    await dialog.getByRole('button', { name: 'Open profile' }).click();
    await expect(dialog.getByText(M.pinWrong(4))).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Account menu for Kiddo' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Account menu for Kiddo' })).toBeVisible();
    await expect(page.locator('.site-layout')).toHaveClass(/site-layout--kids/);
  });
});

import { expect, test } from '@playwright/test';
import { memberCallStatus, newAccount } from './support/api';
import { catalogFacts } from './support/env';
import {
  chooseFromAccountMenu,
  expectSignedOutStorage,
  expectToast,
  mainNavLink,
  openWatchList,
  storedSession,
} from './support/ui';

test('a new member signs up, signs in, searches, saves a title to the watch list and signs out', async ({
  page,
  request,
}) => {
  const account = newAccount('journey');
  const { searchWord } = catalogFacts();

  await test.step('the landing page email leads to the prefilled sign-up form', async () => {
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Email address' }).first().fill(account.email);
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    await expect(page).toHaveURL('/signup');
    await expect(page).toHaveTitle('Signup | Reeltime');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
  });

  await test.step('sign up', async () => {
    const submit = page.getByRole('button', { name: 'Sign Up', exact: true });
    await expect(submit).toBeDisabled();
    await page.getByLabel('First name').fill(account.first_name);
    await page.getByLabel('Last name').fill(account.last_name);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expectToast(page, 'Account created successfully! Please log in.');
    await expect(page).toHaveURL('/login');
  });

  await test.step('sign in', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/browse');
    await expect(
      page.getByRole('button', { name: `Account menu for ${account.first_name} ${account.last_name}` }),
    ).toBeVisible();
    const session = await storedSession(page);
    expect(session.token).toBeTruthy();
    expect(session.user).toMatchObject({ email: account.email, first_name: account.first_name });
    await expect(page.getByRole('region', { name: 'Top 10' }).getByRole('article').first()).toBeVisible();
  });

  const { playable } = catalogFacts();
  // The longest word of a known title: its suggestions must include that title.
  const typed = playable.name
    .split(/\s+/)
    .reduce((longest, word) => (word.length > longest.length ? word : longest), '')
    .toLowerCase();
  const chosen = playable.name;
  await test.step('type in the navigation search box and choose a suggestion', async () => {
    const suggestionQueries: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/user/search-list-dropdown')) {
        suggestionQueries.push(url.searchParams.get('query') ?? '');
      }
    });
    await page.getByRole('button', { name: 'Open search' }).click();
    const box = page.getByRole('combobox', { name: 'Search movies and TV shows' });
    await expect(box).toBeFocused();
    await box.pressSequentially(typed, { delay: 50 });
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(suggestions).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const option = suggestions.getByRole('option', { name: chosen, exact: true });
    await expect(option).toBeVisible();
    // Debounced: one lookup for the whole word, not one per keystroke.
    expect(suggestionQueries.at(-1)).toBe(typed);
    expect(suggestionQueries.length).toBeLessThan(typed.length);

    await option.click();
    await expect(page).toHaveURL((url) => url.pathname === '/search' && url.searchParams.get('q') === chosen);
    await expect(page).toHaveTitle('Search | Reeltime');
    await expect(page.getByRole('heading', { level: 1, name: `Results for “${chosen}”` })).toBeVisible();
    await expect(page.getByRole('list', { name: `Results for ${chosen}` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: chosen, exact: true })).toBeVisible();
    // The choice closes the suggestions and keeps them away.
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeHidden();
  });

  await test.step('search by pressing Enter', async () => {
    await (await mainNavLink(page, 'Home')).click();
    await expect(page).toHaveURL('/browse');
    await page.getByRole('button', { name: 'Open search' }).click();
    const box = page.getByRole('combobox', { name: 'Search movies and TV shows' });
    await box.fill(searchWord);
    await box.press('Enter');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/search' && url.searchParams.get('q') === searchWord,
    );
    await expect(page.getByRole('heading', { level: 1, name: `Results for “${searchWord}”` })).toBeVisible();
    await expect(
      page.getByRole('list', { name: `Results for ${searchWord}` }).getByRole('article'),
    ).not.toHaveCount(0);
  });

  await test.step('add the chosen title to the watch list from its card', async () => {
    const results = page.getByRole('list', { name: `Results for ${searchWord}` });
    const add = results.getByRole('button', { name: `Add ${chosen} to My Watchlist` });
    // Further results arrive as the page is scrolled: a phone's screen shows fewer at first.
    await expect(async () => {
      await page.evaluate(() => window.scrollBy(0, 2000));
      await expect(add).toBeAttached({ timeout: 1000 });
    }).toPass();
    await add.scrollIntoViewIfNeeded();
    await expect(add).toHaveAttribute('aria-pressed', 'false');
    await add.click();
    await expectToast(page, 'Added to your watch list.');
    await expect(results.getByRole('button', { name: `Remove ${chosen} from My Watchlist` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  await test.step('the watch list pages show it', async () => {
    await openWatchList(page);
    await expect(page).toHaveURL('/my-watch-list');
    await expect(page.getByRole('heading', { level: 1, name: 'My WatchList' })).toBeVisible();
    const list = page.getByRole('list', { name: 'My WatchList' });
    await expect(list.getByRole('article')).toHaveCount(1);
    await expect(list.getByRole('heading', { name: chosen, exact: true })).toBeVisible();

    await page.goto('/mylist');
    await expect(page.getByRole('heading', { level: 1, name: 'My WatchList' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'My WatchList' }).getByRole('heading', { name: chosen }),
    ).toBeVisible();
  });

  await test.step('log out: back to the landing page, storage cleared, token dead', async () => {
    const { token } = await storedSession(page);
    await chooseFromAccountMenu(page, 'Logout');
    await expect(page).toHaveURL('/');
    await expectToast(page, 'Logged out successfully.');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unlimited movies, TV shows and more' }),
    ).toBeVisible();
    await expectSignedOutStorage(page);
    expect(await memberCallStatus(request, token!)).toBe(401);
  });
});

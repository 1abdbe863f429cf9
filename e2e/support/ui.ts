import { expect, type Page } from '@playwright/test';

/** The session the web app keeps in localStorage (keys `token` and `user`). */
export async function storedSession(page: Page): Promise<{ token: string | null; user: unknown }> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('user');
    return { token: window.localStorage.getItem('token'), user: raw ? (JSON.parse(raw) as unknown) : null };
  });
}

/** Puts a session into localStorage, as a sign-in would. The page must be on the site already. */
export async function storeSession(page: Page, token: string, user: unknown): Promise<void> {
  await page.evaluate(
    ([storedToken, storedUser]) => {
      window.localStorage.setItem('token', storedToken);
      window.localStorage.setItem('user', storedUser);
    },
    [token, JSON.stringify(user)] as const,
  );
}

export async function expectSignedOutStorage(page: Page): Promise<void> {
  await expect.poll(() => storedSession(page)).toEqual({ token: null, user: null });
}

/** A toast (the app's polite live region) with this text. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: text }).getByText(text)).toBeVisible();
}

/**
 * Opens the sign-in page and waits for the page's own form. The page's HTML draws the form before
 * its code runs (decision 0049) and the page then draws it anew: a field replaced between being
 * focused and being typed into (as a fill does it) would miss what was typed.
 */
export async function openSignIn(page: Page, path = '/login'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('#root [data-first-view], #root input[id^="first-view-"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
}

/** Signs in through the login form and waits for the browse page. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await openSignIn(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/browse');
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
}

/** Opens the profile menu of the navigation bar and picks an item. */
export async function chooseFromAccountMenu(
  page: Page,
  item: 'Account' | 'Logout' | 'Subscription plans' | 'My submissions' | 'My Watchlist',
) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: item }).click();
}

/**
 * Scrolls through the whole page (which also lets /browse add its rows) and waits until every
 * image that was on screen on the way has loaded, then returns to the top.
 */
export async function settlePage(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const onScreen = (image: HTMLImageElement) => {
      const box = image.getBoundingClientRect();
      return (
        box.width > 0 &&
        box.height > 0 &&
        box.bottom > 0 &&
        box.right > 0 &&
        box.top < window.innerHeight &&
        box.left < window.innerWidth
      );
    };
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.max(200, window.innerHeight / 2)) {
      window.scrollTo(0, y);
      await frame();
      const images = Array.from(document.images).filter(onScreen);
      await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    }
    window.scrollTo(0, 0);
    await frame();
  });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * A link of the site's main navigation, ready to click: on a phone the links sit behind the Menu
 * button, which is opened first.
 */
export async function mainNavLink(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = nav.getByRole('button', { name: 'Menu', exact: true });
  await expect(nav).toBeVisible();
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  return nav.getByRole('link', { name, exact: true });
}

/** Opens My Watchlist as a member would: from the main navigation, or on a phone the account menu. */
export async function openWatchList(page: Page): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Watchlist' });
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  if (await link.isVisible()) await link.click();
  else await chooseFromAccountMenu(page, 'My Watchlist');
}

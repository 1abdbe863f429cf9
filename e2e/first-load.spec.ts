import { expect, test, type Page, type Route } from '@playwright/test';
import { MEMBER_STORAGE_STATE } from './support/env';

test.use({ storageState: MEMBER_STORAGE_STATE });

/**
 * Holds the web app's entry chunk back until `release` is called, as a slow network would, so
 * what the page's HTML draws on its own can be seen.
 */
async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route: Route) => {
    await held;
    await route.continue();
  });
  return release;
}

function apiRequests(page: Page, path: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/v1${path}`) seen.push(request.url());
  });
  return seen;
}

test("a member's home page shows its banner's picture before the app has arrived, and the app keeps that banner", async ({
  page,
}) => {
  const release = await holdTheApp(page);
  const banners = apiRequests(page, '/user/banners');

  await page.goto('/browse');
  const early = page.locator('.hero--loading .hero__media img');
  await expect(early).toBeVisible();
  await expect.poll(() => early.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const poster = await early.getAttribute('src');
  expect(poster).toMatch(/^\/media\/images\/banners\//);
  // The app has not started: no account menu yet.
  await expect(page.getByRole('button', { name: /^Account menu for / })).toHaveCount(0);

  release();
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  const hero = page.locator('section.hero');
  await expect(hero.getByRole('link', { name: 'Play Now' })).toBeVisible();
  await expect(hero.locator('.hero__media img')).toHaveAttribute('src', poster ?? '');
  // The app took the answer the page had asked for.
  expect(banners).toHaveLength(1);
});

test('the movies page shows its first pictures before the app has arrived, then the same cards', async ({
  page,
}) => {
  const release = await holdTheApp(page);
  const lists = apiRequests(page, '/user/movie-list');

  await page.goto('/movies');
  const early = page.locator('.shimmer-card__poster img');
  await expect(early.first()).toBeVisible();
  const firstPicture = await early.first().getAttribute('src');

  release();
  const firstCard = page.locator('article.movie-card').first();
  await expect(firstCard).toBeVisible();
  await expect(firstCard.locator('img')).toHaveAttribute('src', firstPicture ?? '');
  // The first page was asked for once; the grid asks for the next ones as it fills the screen.
  expect(lists.filter((url) => new URL(url).searchParams.get('page') === '1')).toHaveLength(1);
});

test('for a visitor the page asks for nothing early: the app asks once it has started', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const release = await holdTheApp(page);
  const banners = apiRequests(page, '/user/banners');

  await page.goto('/browse');
  await expect(page.locator('.hero--loading')).toBeVisible();
  await page.waitForTimeout(500);
  expect(banners).toHaveLength(0);
  await expect(page.locator('.hero--loading img')).toHaveCount(0);

  release();
  await expect(page.locator('section.hero').getByRole('link', { name: 'Play Now' })).toBeVisible();
  expect(banners).toHaveLength(1);
  await context.close();
});

test('nothing the page runs is refused by its policy', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/browse');
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  await page.goto('/login');
  await page.goto('/movies');
  await expect(page.locator('article.movie-card').first()).toBeVisible();
  expect(refused).toEqual([]);
});

test("the app's code is asked for once the page's picture has been drawn, so the picture has the connection to itself", async ({
  page,
}) => {
  const order: string[] = [];
  await page.route(/\/media\/images\/banners\//, async (route: Route) => {
    // Any delay would do: the app's code used to be asked for with the page, before this request.
    await new Promise((resolve) => setTimeout(resolve, 100));
    order.push('picture');
    await route.continue();
  });
  page.on('request', (request) => {
    if (/^\/assets\/(?:index|react)-[\w-]+\.js$/.test(new URL(request.url()).pathname)) order.push('app');
  });

  await page.goto('/browse');
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  expect(order[0]).toBe('picture');
  expect(order).toContain('app');
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px a row still loading is as tall as its cards, so nothing below it moves when they come`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/v1\/user\/popular-movie(?:\?|$)/, async (route: Route) => {
      await held;
      await route.continue();
    });

    await page.goto('/browse');
    const row = page.getByRole('region', { name: 'Top 10' });
    await expect(row.getByRole('status')).toBeAttached();
    const loading = (await row.boundingBox())?.height ?? 0;

    release();
    await expect(row.getByRole('article').first()).toBeVisible();
    await expect(row.getByRole('status')).toHaveCount(0);
    const loaded = (await row.boundingBox())?.height ?? 0;
    // Placeholders sit in whole columns where the carousel shows 4.02 cards: under 2 px apart.
    expect(Math.abs(loaded - loading)).toBeLessThan(2);
  });
}

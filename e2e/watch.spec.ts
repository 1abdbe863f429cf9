import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { API, catalogFacts, DATABASE_FILE, DEMO_MEMBER, MEMBER_STORAGE_STATE } from './support/env';
import { leavePlayer, waitForPlayback } from './support/playback';

const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** Whether the lease `token` still holds one of the member's screens. */
function leaseHeld(token: string): boolean {
  const db = new Database(DATABASE_FILE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('select 1 from playback_leases where token = ?').get(token) !== undefined;
  } finally {
    db.close();
  }
}

/** How many screens the demo member holds now. */
function memberLeases(): number {
  const db = new Database(DATABASE_FILE, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        'select count(*) as count from playback_leases join users on users.id = playback_leases.user_id ' +
          'where users.email = ?',
      )
      .get(DEMO_MEMBER.email) as { count: number };
    return row.count;
  } finally {
    db.close();
  }
}

/** Leaves the page, and checks that every screen it held was given back at once (not left to expire). */
async function leaveAndCheckScreens(page: Page): Promise<void> {
  await leavePlayer(page);
  await expect.poll(memberLeases, { message: 'screens still held after leaving', timeout: 5000 }).toBe(0);
}

/**
 * The lease the page is granted next (POST /user/playback-lease), once the page has read the
 * answer: a page left while its request is under way cannot give that lease back.
 */
async function nextLease(page: Page): Promise<string> {
  const response = await page.waitForResponse(
    (candidate) =>
      candidate.request().method() === 'POST' &&
      new URL(candidate.url()).pathname === `${API}/user/playback-lease`,
  );
  expect(response.status()).toBe(200);
  await response.finished();
  // A task after the body arrived: the page's own handling of it has run by then.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return ((await response.json()) as { data: { lease_id: string } }).data.lease_id;
}

/** Opens the Latest Movies row of /browse and gives back the playable title's card. */
async function playableCard(page: Page) {
  const { playable } = catalogFacts();
  await page.goto('/browse');
  const latest = page.getByRole('region', { name: 'Latest Movies' });
  await expect(async () => {
    await page.mouse.wheel(0, 2000);
    await expect(latest).toBeVisible({ timeout: 1000 });
  }).toPass();
  return latest
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: playable.name }) })
    .first();
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`a member on a ${viewport.width}x${viewport.height} screen`, () => {
    test.use({ storageState: MEMBER_STORAGE_STATE, viewport });
    test.afterEach(({ page }) => leaveAndCheckScreens(page));

    test('Watch Now on a card plays the title full screen, and Back returns to browse', async ({ page }) => {
      const { playable } = catalogFacts();
      const card = await playableCard(page);
      await card.getByRole('link', { name: `Watch Now: ${playable.name}` }).click();

      await expect(page).toHaveURL(`/watch/${playable.id}`);
      await expect(page).toHaveTitle('Watch | Reeltime');
      await expect(page.getByRole('heading', { level: 1, name: playable.name })).toBeVisible();
      const state = await waitForPlayback(page, 1);
      expect(state.currentSrc.endsWith(playable.trailerUrl), 'the full video, not the trailer').toBe(false);
      await expect(page.getByText('Trailer', { exact: true })).toHaveCount(0);

      // The player fills the screen: no site header, the picture as wide as the window.
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      const player = page.getByRole('region', { name: 'Video player' });
      const box = (await player.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(Math.min(viewport.width, (viewport.height * 16) / 9) - 1);

      await player.hover();
      await page.screenshot({ path: `/tmp/watch-${size}.png` });

      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await expect(page).toHaveURL('/browse');
    });

    test("a card's name opens the title's details page with the spec's player", async ({ page }) => {
      const { playable } = catalogFacts();
      const card = await playableCard(page);
      await card.getByRole('link', { name: playable.name, exact: true }).click();
      await expect(page).toHaveURL(`/movie-details/${playable.id}`);
      await expect(page.getByRole('heading', { level: 1, name: playable.name })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Video player' })).toBeVisible();
    });

    test('the player shows elapsed and total time, and its big play button stays clear of the controls', async ({
      page,
    }) => {
      const { playable } = catalogFacts();
      await page.goto(`/movie-details/${playable.id}`);
      const player = page.getByRole('region', { name: 'Video player' });
      const bigPlay = player.getByRole('button', { name: `Play ${playable.name}`, exact: true });
      await expect(bigPlay).toBeVisible();
      const button = (await bigPlay.boundingBox())!;
      for (const control of [player.locator('.player__seek'), player.locator('.player__bar')]) {
        const other = (await control.boundingBox())!;
        const overlaps =
          button.x < other.x + other.width &&
          other.x < button.x + button.width &&
          button.y < other.y + other.height &&
          other.y < button.y + button.height;
        expect(overlaps, 'the big play button covers no control').toBe(false);
      }

      // Once it plays: `00:03 / 00:12`, with "of" for screen readers in place of the slash.
      await bigPlay.click();
      await waitForPlayback(page, 1);
      const time = player.locator('.player__time');
      await expect(time).toBeVisible();
      await expect(time).toHaveText(/^\d+:\d{2}\s*\/\s*of\s*\d+:\d{2}$/);
      // Every control of the bar fits inside the player.
      const playerBox = (await player.boundingBox())!;
      for (const item of await player.locator('.player__bar > *:visible').all()) {
        const itemBox = (await item.boundingBox())!;
        expect(itemBox.x + itemBox.width).toBeLessThanOrEqual(playerBox.x + playerBox.width + 0.5);
      }
    });

    test('hiding the page gives its screen back at once, and a page that plays on takes a new one', async ({
      page,
    }) => {
      const { playable } = catalogFacts();
      const granted = nextLease(page);
      await page.goto(`/watch/${playable.id}`);
      await waitForPlayback(page, 1);
      const first = await granted;
      expect(leaseHeld(first)).toBe(true);

      // What a browser does when its window is closed or the phone switches apps.
      const renewed = nextLease(page);
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await expect.poll(() => leaseHeld(first), { timeout: 5000 }).toBe(false);
      const second = await renewed;
      expect(second).not.toBe(first);
      expect(leaseHeld(second)).toBe(true);
    });
  });
}

test.describe('a visitor', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('Play Now leads to sign in and back to the watch view, which plays', async ({ page }) => {
    const { playable } = catalogFacts();
    await page.goto(`/watch/${playable.id}`);
    await expect(page).toHaveURL('/login');
    await page.getByLabel('Email', { exact: true }).fill(DEMO_MEMBER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(`/watch/${playable.id}`);
    await expect(page.getByRole('heading', { level: 1, name: playable.name })).toBeVisible();
    await waitForPlayback(page, 1);
    await leaveAndCheckScreens(page);
  });
});

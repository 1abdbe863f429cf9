import { expect, test } from '@playwright/test';
import { catalogFacts } from './support/env';
import { storedSession } from './support/ui';

test.describe('a visitor (not signed in)', () => {
  test('goes from the landing page to browse and sees the banner, the rows and the cards', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Default Title | Reeltime');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unlimited movies, TV shows and more' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();

    await page.getByRole('contentinfo').getByRole('link', { name: 'Browse' }).click();
    await expect(page).toHaveURL('/browse');
    await expect(page).toHaveTitle('Browse | Reeltime');

    // The banner: a title with its facts, a Play Now link to its watch view, and the ad slot.
    const playNow = page.getByRole('link', { name: 'Play Now' });
    await expect(playNow).toBeVisible();
    await expect(playNow).toHaveAttribute('href', /^\/watch\/\d+$/);
    const banner = page.locator('section.hero');
    await expect(banner.getByRole('heading', { level: 2 })).not.toBeEmpty();
    await expect(banner.getByText(/IMDB rating/)).toBeAttached();
    // The ad slot: a visitor sees it, with the house ad while the site has no ad configured.
    await expect(banner.locator('[data-ad-slot="browse-banner"]')).toBeAttached();
    // Visitors get a Login button instead of the search box and the profile menu.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Search movies and TV shows' })).toHaveCount(0);

    // The first row at once, with cards: poster, name (a link to the details), facts and Watch Now.
    const top10 = page.getByRole('region', { name: 'Top 10' });
    await expect(top10).toBeVisible();
    const firstCard = top10.getByRole('article').first();
    await expect(firstCard).toBeVisible();
    await expect(firstCard.getByRole('img')).toBeVisible();
    await expect(firstCard.getByRole('heading', { level: 3 })).not.toBeEmpty();
    await expect(firstCard.getByRole('heading', { level: 3 }).getByRole('link')).toHaveAttribute(
      'href',
      /^\/movie-details\/\d+$/,
    );
    await expect(firstCard.getByRole('link', { name: /^Watch Now: / })).toHaveAttribute(
      'href',
      /^\/watch\/\d+$/,
    );

    // More rows appear as the page bottom comes near.
    const lastRow = page.getByRole('region', { name: 'Most Viewed Movies' });
    await expect(async () => {
      await page.mouse.wheel(0, 4000);
      await expect(lastRow).toBeVisible({ timeout: 1000 });
    }).toPass();
    for (const title of [
      'Latest Movies',
      'Popular Movies',
      'Top TV Channels',
      'Free Movies',
      'Most Liked Movies',
    ]) {
      await expect(page.getByRole('region', { name: title })).toBeAttached();
    }

    // Saving to the watch list needs an account.
    await top10
      .getByRole('button', { name: /^Add .+ to My Watchlist$/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/login\?next=%2F/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  });

  test('opens a title from its card and gets its trailer and a Watch Now button to sign in, never the full video', async ({
    page,
  }) => {
    const { playable } = catalogFacts();
    const mediaRequests: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/media/') && /\.(m3u8|ts|m4s|mp4)$/.test(pathname))
        mediaRequests.push(pathname);
    });

    await page.goto('/browse');
    const latest = page.getByRole('region', { name: 'Latest Movies' });
    await expect(async () => {
      await page.mouse.wheel(0, 2000);
      await expect(latest).toBeVisible({ timeout: 1000 });
    }).toPass();
    await latest.getByRole('link', { name: playable.name, exact: true }).first().click();

    await expect(page).toHaveURL(`/movie-details/${playable.id}`);
    await expect(page).toHaveTitle('Movie | Reeltime');
    await expect(page.getByRole('heading', { level: 1, name: playable.name })).toBeVisible();
    const player = page.getByLabel(`${playable.name} video player`);
    await expect(player).toBeVisible();
    await expect(page.getByText('Trailer', { exact: true })).toBeVisible();
    // The player is given the trailer: a file it plays itself, or a playlist fetched by hls.js.
    await expect
      .poll(async () => {
        const src = await player.evaluate((video: HTMLVideoElement) => video.currentSrc || video.src);
        return src.endsWith(playable.trailerUrl) || mediaRequests.includes(playable.trailerUrl);
      })
      .toBe(true);
    await expect(page.getByRole('heading', { name: 'More Like This' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cast and Crew' })).toBeVisible();

    expect(
      mediaRequests.filter((pathname) => !pathname.startsWith('/media/trailers/')),
      'only public trailers are fetched, never a signed full video',
    ).toEqual([]);
    expect((await storedSession(page)).token).toBeNull();

    const watchNow = page.getByRole('link', { name: 'Watch Now', exact: true });
    await expect(watchNow).toBeVisible();
    await watchNow.click();
    await expect(page).toHaveURL(/\/login\?next=%2Fmovie-details%2F\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  });
});

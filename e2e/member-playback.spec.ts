import { expect, test } from '@playwright/test';
import { catalogFacts, MEMBER_STORAGE_STATE } from './support/env';

test.use({ storageState: MEMBER_STORAGE_STATE });

test('a signed-in member gets the full video of a title, not the trailer', async ({ page }) => {
  const { playable } = catalogFacts();
  const fullVideo = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/media/s/'));
  await page.goto(`/movie-details/${playable.id}`);
  await expect(page.getByRole('heading', { level: 1, name: playable.name })).toBeVisible();
  await expect(page.getByLabel(`${playable.name} video player`)).toBeVisible();
  await fullVideo;
  await expect(page.getByText('Trailer', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Watch Now', exact: true })).toHaveCount(0);
});

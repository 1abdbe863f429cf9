import { expect, test, type Locator, type Page } from '@playwright/test';
import { catalogFacts, isPhone, MEMBER_STORAGE_STATE } from './support/env';

test.use({ storageState: MEMBER_STORAGE_STATE });

/** The playable title's card on /browse, brought into its row's view (rows slide with Next). */
async function playableCard(page: Page): Promise<Locator> {
  const { name } = catalogFacts().playable;
  await page.goto('/browse');
  const heading = page.getByRole('heading', { name, exact: true });
  await expect(heading.first()).toBeAttached();
  const row = page.locator('section.movie-row', { has: heading }).first();
  const card = row.locator('.swiper-slide-visible article', { has: heading }).first();
  for (let step = 0; step < 12 && !(await card.isVisible()); step += 1) {
    await row.getByRole('button', { name: /^Next / }).click();
    await page.waitForTimeout(600);
  }
  await expect(card).toBeVisible();
  return card;
}

/** Requests for the title's details, which the preview asks for (cards carry no trailer). */
function detailsRequests(page: Page, titleId: number): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/user/movie-details/${titleId}`)) seen.push(request.url());
  });
  return seen;
}

/** On a screen that can hover: the trailer plays muted over the row, and moving away stops it. */
async function previewsOnHover(page: Page): Promise<void> {
  const { id, name } = catalogFacts().playable;
  const card = await playableCard(page);
  const details = detailsRequests(page, id);

  await card.hover({ position: { x: 24, y: 24 } });
  const preview = page.getByRole('group', { name: `Preview: ${name}` });
  await expect(preview).toBeVisible();
  await expect.poll(() => details.length).toBe(1);
  const trailer = preview.getByTestId('card-preview-trailer');
  await expect
    .poll(() =>
      trailer.evaluate((video: HTMLVideoElement) => ({
        muted: video.muted,
        playing: !video.paused && video.currentTime > 0,
      })),
    )
    .toEqual({ muted: true, playing: true });
  // Within the window sideways.
  const box = (await preview.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  await expect(preview.getByRole('link', { name: `Watch Now: ${name}` })).toBeVisible();
  await expect(preview.getByRole('link', { name: `Details: ${name}` })).toBeVisible();

  await page.mouse.move(2, 2);
  await expect(preview).toHaveCount(0);
  await expect(page.getByTestId('card-preview-trailer')).toHaveCount(0);
}

/** On a touch screen: a card pointed at or focused opens no preview and asks for nothing. */
async function noPreviewOnTouch(page: Page): Promise<void> {
  const { id, name } = catalogFacts().playable;
  const card = await playableCard(page);
  const details = detailsRequests(page, id);

  await card.hover({ position: { x: 24, y: 24 } });
  await card.getByRole('link', { name, exact: true }).focus();
  await page.waitForTimeout(1500);

  await expect(page.getByRole('group', { name: `Preview: ${name}` })).toHaveCount(0);
  await expect(page.locator('video[data-testid="card-preview-trailer"]')).toHaveCount(0);
  expect(details).toEqual([]);
}

// The desktop run checks the preview; the phone run (touch) checks that there is none.
test(
  isPhone
    ? 'on a touch screen a card opens no preview, pointed at or focused'
    : 'resting the pointer on a card plays its trailer muted over the row, and moving away stops it',
  async ({ page }) => {
    if (isPhone) await noPreviewOnTouch(page);
    else await previewsOnHover(page);
  },
);

import { test } from '@playwright/test';
import path from 'node:path';
import { catalogFacts, MEMBER_STORAGE_STATE, SCREENSHOT_DIR } from './support/env';
import { SITE_PAGES, WIDTHS } from './support/pages';
import { settlePage } from './support/ui';

/** Full-page pictures of every page at phone, tablet and desktop widths, kept under artifacts/screenshots/. */
for (const as of ['visitor', 'member'] as const) {
  test.describe(`screenshots as a ${as}`, () => {
    if (as === 'member') test.use({ storageState: MEMBER_STORAGE_STATE });

    for (const sitePage of SITE_PAGES.filter((candidate) => candidate.as === as)) {
      test(`${sitePage.name} at ${WIDTHS.map(({ width }) => width).join(', ')} px`, async ({ page }) => {
        const url = sitePage.path(catalogFacts());
        for (const viewport of WIDTHS) {
          await test.step(`${viewport.width} px`, async () => {
            await page.setViewportSize(viewport);
            await page.goto(url);
            await sitePage.ready(page);
            await settlePage(page);
            await page.screenshot({
              path: path.join(SCREENSHOT_DIR, `${sitePage.name}-${viewport.width}.png`),
              fullPage: true,
              animations: 'disabled',
            });
          });
        }
      });
    }
  });
}

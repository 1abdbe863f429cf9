import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { apiLogin, registerAccount } from './support/api';
import { subscribeThroughApi } from './support/billing';
import { catalogFacts, DATABASE_FILE } from './support/env';
import { waitForPlayback } from './support/playback';
import { signIn } from './support/ui';

/** The demo catalog's admin (apps/server/src/db/seed/demo.ts). */
const DEMO_ADMIN = { email: 'admin@reeltime.local', password: 'admin1234' } as const;
/** The Basic plan of the demo catalog. */
const BASIC_PLAN_ID = 1;
/** Every segment after the first arrives this late: playback must stall after the first 4 s. */
const SEGMENT_DELAY_MS = 6000;

interface StoredReport {
  start_ms: number | null;
  failure: string | null;
  stall_count: number;
  stall_ms: number;
  played_ms: number;
  device_class: string;
}

/** The playback reports the server stored for the account's plays of a title. */
function storedReports(email: string, titleId: number): StoredReport[] {
  const db = new Database(DATABASE_FILE, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        'select r.start_ms, r.failure, r.stall_count, r.stall_ms, r.played_ms, r.device_class ' +
          'from play_quality_reports r join users u on u.id = r.user_id where u.email = ? and r.title_id = ?',
      )
      .all(email, titleId) as StoredReport[];
  } finally {
    db.close();
  }
}

test('a play on a slow network stalls, its report reaches the server, and the console shows the stall', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { playable } = catalogFacts();
  const account = await registerAccount(request, 'qoe');
  const { token } = await apiLogin(request, account.email, account.password);
  await subscribeThroughApi(request, token, BASIC_PLAN_ID);

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account.email, account.password);

  // The network slows down once the first segment is in: the next ones are late.
  await page.route(/\/media\/s\/.+\/seg_(\d+)\.ts$/, async (route) => {
    const sequence = Number(/seg_(\d+)\.ts$/.exec(route.request().url())![1]);
    if (sequence > 0) await new Promise((resolve) => setTimeout(resolve, SEGMENT_DELAY_MS));
    await route.continue().catch(() => undefined);
  });

  await page.goto('/browse');
  const latest = page.getByRole('region', { name: 'Latest Movies' });
  await expect(async () => {
    await page.mouse.wheel(0, 2000);
    await expect(latest).toBeVisible({ timeout: 1000 });
  }).toPass();
  const card = latest
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: playable.name }) })
    .first();
  await card.getByRole('link', { name: `Watch Now: ${playable.name}` }).click();
  await expect(page).toHaveURL(`/watch/${playable.id}`);
  await waitForPlayback(page, 0.5);
  // Past the first segment, which took the late one to arrive.
  await waitForPlayback(page, 4.5, { timeout: 30_000 });

  // Leaving the site sends the play's report as the page goes.
  await page.goto('about:blank');
  await expect
    .poll(() => storedReports(account.email, playable.id).length, { timeout: 15_000 })
    .toBeGreaterThan(0);
  const [report] = storedReports(account.email, playable.id);
  expect(report!.failure).toBeNull();
  expect(report!.start_ms).toBeGreaterThan(0);
  expect(report!.stall_count).toBeGreaterThanOrEqual(1);
  expect(report!.stall_ms).toBeGreaterThan(500);
  expect(report!.played_ms).toBeGreaterThan(3000);
  await context.close();

  // The operator sees it in the console's Playback section.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await admin.goto('/admin/playback?days=7');
  await expect(admin.getByRole('heading', { level: 1, name: 'Playback' })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Rebuffer ratio' })).not.toContainText('0.0%');
  await expect(admin.getByRole('region', { name: 'Rebuffer ratio' })).toContainText('%');
  const worst = admin.getByRole('table', { name: 'Titles whose plays went worst' });
  const row = worst
    .getByRole('row')
    .filter({ has: admin.getByRole('link', { name: playable.name, exact: true }) });
  await expect(row).toBeVisible();
  // Plays, start p75, rebuffer ratio, failed: some of its watching time was spent stalled.
  await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d+\.\d+%$/);
  await expect(row.getByRole('cell').nth(2)).not.toHaveText('0.0%');
  await adminContext.close();
});

import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { apiLogin, bearer, registerAccount } from './support/api';
import { subscribeThroughApi } from './support/billing';
import { API, DATABASE_FILE } from './support/env';
import { startPlaying, videoState, waitForPlayback } from './support/playback';
import { signIn } from './support/ui';

/** The demo catalog's admin (apps/server/src/db/seed/demo.ts). */
const DEMO_ADMIN = { email: 'admin@reeltime.local', password: 'admin1234' } as const;
/** The Basic plan of the demo catalog. */
const BASIC_PLAN_ID = 1;

interface Episode {
  titleId: number;
  episodeId: number;
  videoId: number;
  duration: number;
  nextName: string;
}

/** A demo episode whose stream is ready and long enough, and whose next episode is ready too (the one offered). */
function readyEpisode(): Episode | undefined {
  const db = new Database(DATABASE_FILE, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select s.title_id as titleId, e.id as episodeId, v.id as videoId, v.duration_seconds as duration,
                n.name as nextName
           from videos v
           join episodes e on e.id = v.episode_id
           join seasons s on s.id = e.season_id
           join episodes n on n.season_id = e.season_id and n.episode_number = e.episode_number + 1
           join videos nv on nv.episode_id = n.id and nv.kind = 'main' and nv.status = 'ready'
          where v.kind = 'main' and v.status = 'ready' and v.duration_seconds >= 20
          order by e.id limit 1`,
      )
      .get() as Episode | undefined;
  } finally {
    db.close();
  }
}

test('an episode offers Skip Recap and Skip Intro inside them, and its credits bring the next episode', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  let found: Episode | undefined;
  await expect
    .poll(() => (found = readyEpisode()), {
      message: 'a ready demo episode',
      timeout: 180_000,
      intervals: [1000],
    })
    .toBeTruthy();
  const episode = found!;
  const creditsStart = Math.floor(episode.duration) - 5;

  // The operator marks the episode's recap, intro and credits.
  const admin = await apiLogin(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const saved = await request.put(`${API}/admin/videos/${episode.videoId}/markers`, {
    headers: bearer(admin.token),
    data: {
      markers: [
        { type: 'recap', start: 0, end: 6 },
        { type: 'intro', start: 6, end: 12 },
        { type: 'credits', start: creditsStart, end: episode.duration },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const account = await registerAccount(request, 'skip');
  const { token } = await apiLogin(request, account.email, account.password);
  await subscribeThroughApi(request, token, BASIC_PLAN_ID);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account.email, account.password);

  await page.goto(`/watch/${episode.titleId}?episode=${episode.episodeId}`);
  const player = page.getByRole('region', { name: 'Video player' });
  await startPlaying(page);

  // Inside the recap: Skip Recap goes to its end, which is where the intro starts.
  const skipRecap = player.getByRole('button', { name: 'Skip Recap' });
  await expect(skipRecap).toBeVisible();
  await expect(player.getByRole('button', { name: 'Skip Intro' })).toHaveCount(0);
  await skipRecap.click();
  await expect.poll(async () => (await videoState(page)).currentTime).toBeGreaterThanOrEqual(6);

  const skipIntro = player.getByRole('button', { name: 'Skip Intro' });
  await expect(skipIntro).toBeVisible();
  await expect(skipRecap).toHaveCount(0);
  await skipIntro.click();
  await expect.poll(async () => (await videoState(page)).currentTime).toBeGreaterThanOrEqual(12);
  await expect(skipIntro).toHaveCount(0);
  // It goes on playing from there.
  await waitForPlayback(page, 12.5);

  // Reaching the credits offers the next episode, before the video ends.
  const upNext = page.getByRole('group', { name: 'Up next' });
  await expect(upNext).toBeVisible({ timeout: 30_000 });
  expect((await videoState(page)).ended).toBe(false);
  await expect(upNext).toContainText(episode.nextName);

  await request.put(`${API}/admin/videos/${episode.videoId}/markers`, {
    headers: bearer(admin.token),
    data: { markers: [] },
  });
  await context.close();
});

import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { apiLogin, bearer, getData, registerAccount } from './support/api';
import { subscribeThroughApi } from './support/billing';
import { API, DATABASE_FILE } from './support/env';
import { startPlaying, videoState, waitForPlayback } from './support/playback';
import { signIn } from './support/ui';

/** The Basic plan of the demo catalog. */
const BASIC_PLAN_ID = 1;

interface BilingualTitle {
  id: number;
  name: string;
  /** The second language's BCP 47 tag, its audio track's and its captions' labels. */
  language: string;
  audioLabel: string;
  captionsLabel: string;
}

/**
 * A demo movie whose full video plays in a second audio language with captions in it too (the
 * demo gives two of its streams one: apps/server/src/db/seed/demo-media.ts), once its transcode
 * has made that language's audio.
 */
function readyBilingualMovie(): BilingualTitle | undefined {
  const db = new Database(DATABASE_FILE, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select t.id as id, t.name as name, a.language as language, a.label as audioLabel, c.label as captionsLabel
           from video_audio_tracks a
           join videos v on v.id = a.video_id
           join titles t on t.id = v.title_id
           join video_captions c on c.video_id = v.id and c.language = a.language
          where a.status = 'ready' and v.status = 'ready' and v.kind = 'main' and v.episode_id is null
          order by t.id limit 1`,
      )
      .get() as BilingualTitle | undefined;
  } finally {
    db.close();
  }
}

/** Counts the events that would mean playback stopped, from now on. */
async function watchForStops(page: Page): Promise<void> {
  await page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('[aria-label="Video player"] video')!;
    const stops = { pause: 0, emptied: 0, error: 0 };
    (window as unknown as { playerStops: typeof stops }).playerStops = stops;
    for (const type of Object.keys(stops) as (keyof typeof stops)[])
      video.addEventListener(type, () => stops[type]++);
  });
}

const stopsSoFar = (page: Page) =>
  page.evaluate(() => (window as unknown as { playerStops: Record<string, number> }).playerStops);

/** Plays the title in the watch view. */
async function watch(page: Page, title: BilingualTitle): Promise<void> {
  await page.goto(`/watch/${title.id}`);
  await startPlaying(page);
}

test('switches the audio language mid-play without stopping, shows captions in it, and the profile keeps both', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  let title: BilingualTitle | undefined;
  await expect
    .poll(() => (title = readyBilingualMovie()), {
      message: 'a demo movie with its second audio language ready',
      timeout: 240_000,
      intervals: [1000],
    })
    .toBeTruthy();
  const movie = title!;

  const account = await registerAccount(request, 'languages');
  const { token } = await apiLogin(request, account.email, account.password);
  await subscribeThroughApi(request, token, BASIC_PLAN_ID);

  const context = await browser.newContext();
  const page = await context.newPage();
  const alternateAudio: string[] = [];
  page.on('request', (sent) => {
    if (/\/audio\/a\d+\/[^/]+\.ts$/.test(new URL(sent.url()).pathname)) alternateAudio.push(sent.url());
  });
  await signIn(page, account.email, account.password);

  await watch(page, movie);
  const player = page.getByRole('region', { name: 'Video player' });
  const audioButton = player.getByRole('button', { name: /^Audio: / });
  await expect(audioButton).toHaveAccessibleName('Audio: English');
  expect(alternateAudio, 'the default audio is the one inside the video segments').toEqual([]);

  // Mid-play, the second language: its own audio segments load while the picture keeps going.
  await waitForPlayback(page, 1);
  await watchForStops(page);
  await audioButton.click();
  const audioMenu = player.getByRole('menu', { name: 'Audio' });
  await expect(audioMenu.getByRole('menuitemradio')).toHaveText(['English', movie.audioLabel]);
  const before = (await videoState(page)).currentTime;
  await audioMenu.getByRole('menuitemradio', { name: movie.audioLabel }).click();
  await expect(audioButton).toHaveAccessibleName(`Audio: ${movie.audioLabel}`);
  await expect.poll(() => alternateAudio.length, { timeout: 20_000 }).toBeGreaterThan(0);
  await waitForPlayback(page, before + 2, { timeout: 30_000 });
  expect(await stopsSoFar(page), 'playback never paused, emptied or failed').toEqual({
    pause: 0,
    emptied: 0,
    error: 0,
  });

  // Captions in that language, shown by the browser.
  await player.getByRole('button', { name: 'Captions: Off' }).click();
  await player
    .getByRole('menu', { name: 'Captions' })
    .getByRole('menuitemradio', { name: movie.captionsLabel })
    .click();
  await expect
    .poll(() =>
      page.evaluate(() => {
        const video = document.querySelector<HTMLVideoElement>('[aria-label="Video player"] video')!;
        return Array.from(video.textTracks).find((track) => track.mode === 'showing')?.language ?? null;
      }),
    )
    .toBe(movie.language);

  // Both choices are the profile's now.
  await expect
    .poll(async () => {
      const saved = await getData<{ audio_language: string | null; subtitle_language: string | null }>(
        request,
        '/user/playback-preferences',
        token,
      );
      return [saved.audio_language, saved.subtitle_language];
    })
    .toEqual([movie.language, movie.language]);

  // The next play starts in them without a choice being made.
  alternateAudio.length = 0;
  await watch(page, movie);
  await expect(audioButton).toHaveAccessibleName(`Audio: ${movie.audioLabel}`);
  await expect(player.getByRole('button', { name: `Captions: ${movie.captionsLabel}` })).toBeVisible();
  await expect.poll(() => alternateAudio.length, { timeout: 20_000 }).toBeGreaterThan(0);
  await waitForPlayback(page, 1.5);

  // The settings page shows them, and a larger yellow style reaches the player's subtitles.
  await page.goto('/playback-settings');
  await expect(page.getByRole('combobox', { name: 'Audio language' })).toHaveValue(movie.language);
  await expect(page.getByRole('combobox', { name: 'Subtitles' })).toHaveValue(movie.language);
  await page.getByRole('radio', { name: 'Large' }).check();
  await page.getByRole('radio', { name: 'Yellow' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Playback settings saved.')).toBeVisible();
  await watch(page, movie);
  await expect(player).toHaveClass(/\bsubs-large\b/);
  await expect(player).toHaveClass(/\bsubs-yellow\b/);

  await request.get(`${API}/logout`, { headers: bearer(token) });
  await context.close();
});

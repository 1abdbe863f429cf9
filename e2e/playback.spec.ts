import { expect, test } from '@playwright/test';
import { MEMBER_STORAGE_STATE } from './support/env';
import {
  clockSeconds,
  EXPECTED_RENDITIONS,
  leavePlayer,
  MediaTraffic,
  memberDetails,
  mseSupport,
  openDetails,
  playFromStart,
  preparePlaybackTitle,
  ProgressSaves,
  videoState,
  visitorDetails,
  waitForPause,
  waitForPlayback,
  type PlaybackTitle,
} from './support/playback';
import { storedSession } from './support/ui';

let title: PlaybackTitle;

test.beforeAll(async ({ request }) => {
  // Makes a 12 s 720p clip and transcodes it to HLS (360p and 720p) with the import command.
  test.setTimeout(240_000);
  title = await preparePlaybackTitle(request);
});

test.describe('a member', () => {
  test.use({ storageState: MEMBER_STORAGE_STATE });
  test.afterEach(({ page }) => leavePlayer(page));

  test('plays the full HLS video: signed segments through MSE, and the time advances', async ({ page }) => {
    const media = new MediaTraffic(page);
    await openDetails(page, title);

    const support = await mseSupport(page, title.codecs);
    expect(support, 'this Chromium decodes the stream through Media Source Extensions').toEqual(
      Object.fromEntries(title.codecs.map((codec) => [codec, true])),
    );

    const player = page.getByRole('region', { name: 'Video player' });
    await expect(player.getByLabel(`${title.name} video player`)).toBeVisible();
    await expect(page.getByText('Trailer', { exact: true })).toHaveCount(0);
    await playFromStart(page);

    const state = await waitForPlayback(page, 2);
    expect(state.currentSrc, 'hls.js feeds the <video> through a MediaSource').toMatch(/^blob:/);
    expect(state.error).toBeNull();

    const paths = media.requests.map((request) => request.pathname);
    expect(paths).toContainEqual(
      expect.stringMatching(/^\/media\/s\/\d+\/\d+\/[A-Za-z0-9_-]{43}\/videos\/\d+\/master\.m3u8$/),
    );
    expect(media.segments().length, 'segments were fetched').toBeGreaterThan(0);
    for (const rendition of media.renditions())
      expect(EXPECTED_RENDITIONS as readonly string[]).toContain(rendition);
    expect(
      paths.filter((pathname) => pathname.startsWith('/media/private/')),
      'private files only ever through signed URLs',
    ).toEqual([]);
    expect(media.failures).toEqual([]);
  });

  test('switches quality from the menu: 720p, then 360p, and playback goes on', async ({ page }) => {
    const media = new MediaTraffic(page);
    await openDetails(page, title);
    await playFromStart(page);
    await waitForPlayback(page, 1);

    const player = page.getByRole('region', { name: 'Video player' });
    const qualityButton = player.getByRole('button', { name: /^Quality: / });
    await expect(qualityButton).toHaveAccessibleName(/^Quality: Auto( \((360p|720p)\))?$/);
    await expect(qualityButton).toHaveAttribute('aria-haspopup', 'menu');

    for (const [rendition, height] of [
      ['720p', 720],
      ['360p', 360],
    ] as const) {
      await qualityButton.click();
      const menu = player.getByRole('menu', { name: 'Quality' });
      await expect(menu.getByRole('menuitemradio')).toHaveText(['Auto', '720p', '360p']);
      const mark = media.mark();
      const before = (await videoState(page)).currentTime;
      await menu.getByRole('menuitemradio', { name: rendition, exact: true }).click();

      await expect(menu).toBeHidden();
      await expect(qualityButton).toHaveAccessibleName(`Quality: ${rendition}`);
      // The next segments come from that rendition's folder, and nothing from another one after them.
      await expect.poll(() => media.renditions(mark)).toContain(rendition);
      const after = media.renditions(mark);
      expect(after.slice(after.indexOf(rendition)), `segments after switching to ${rendition}`).toEqual(
        after.slice(after.indexOf(rendition)).map(() => rendition),
      );
      // The picture is that rendition's, and the time goes on past where it was.
      await waitForPlayback(page, before + 1, { height });
    }

    await qualityButton.click();
    await expect(
      player.getByRole('menu', { name: 'Quality' }).getByRole('menuitemradio', { name: '360p', exact: true }),
    ).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    expect(media.failures).toEqual([]);
  });

  test('pausing saves the position, and the details page offers to resume there', async ({
    page,
    request,
  }) => {
    const saves = new ProgressSaves(page);
    await openDetails(page, title);
    await playFromStart(page);
    await waitForPlayback(page, 5);

    const player = page.getByRole('region', { name: 'Video player' });
    await player.hover();
    await player.getByRole('button', { name: 'Pause', exact: true }).click();
    const paused = await waitForPause(page);
    expect(paused.ended, 'paused before the end of the clip').toBe(false);

    // Pausing saves at once, in whole seconds (a save within a second before is not repeated).
    await expect
      .poll(() => saves.settledNear(paused.currentTime, 1.5), {
        message: `a progress save near ${paused.currentTime.toFixed(1)} s`,
      })
      .toBe(true);
    const { token } = await storedSession(page);
    const { progress } = await memberDetails(request, title.id, token!);
    expect(progress?.position_seconds, 'the server keeps the saved position').toBe(saves.last());
    const savedAt = progress!.position_seconds;

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title.name })).toBeVisible();
    const resume = page.getByRole('button', { name: /^Resume from \d+:\d{2}$/ });
    await expect(resume).toBeVisible();
    await expect(page.getByRole('button', { name: 'Play from start', exact: true })).toBeVisible();
    const shown = clockSeconds(/(\d+:\d{2})$/.exec((await resume.textContent())!.trim())![1]!);
    expect(shown, 'the offered position is the saved one').toBe(savedAt);
    expect(Math.abs(shown - paused.currentTime)).toBeLessThanOrEqual(1.5);

    await resume.click();
    // Wait until it has played on from there: right after the seek, nothing has been played yet.
    const resumed = await waitForPlayback(page, savedAt + 1);
    // It started there: nothing before the saved position was played on this page.
    const playedRanges = resumed.played.filter(([start, end]) => end - start > 0.05);
    expect(playedRanges.length).toBeGreaterThan(0);
    for (const [start] of playedRanges) expect(start).toBeGreaterThanOrEqual(savedAt - 1);
  });
});

test.describe('a visitor', () => {
  test('gets only the public trailer, and Watch Now leads to sign in', async ({ page, request }) => {
    const media = new MediaTraffic(page);
    const asVisitor = await visitorDetails(request, title.id);
    expect(asVisitor.video_links, 'no full video for visitors').toEqual([]);
    expect(asVisitor.trailer_url).toBe(title.trailerUrl);

    await openDetails(page, title);
    expect((await storedSession(page)).token).toBeNull();
    await expect(page.getByText('Trailer', { exact: true })).toBeVisible();
    const player = page.getByRole('region', { name: 'Video player' });
    await player.getByRole('button', { name: `Play ${title.name}`, exact: true }).click();

    const trailerPath = new URL(title.trailerUrl, page.url()).pathname;
    const state = await waitForPlayback(page, 1);
    expect(new URL(state.currentSrc).pathname, 'the player plays the trailer').toBe(trailerPath);
    expect(
      media.requests.filter(({ pathname }) => /^\/media\/(s|private)\//.test(pathname)),
      'no request for the full video',
    ).toEqual([]);
    expect(media.requests.map(({ pathname }) => pathname)).toContain(trailerPath);
    await expect(player.getByRole('button', { name: /^Quality: / })).toHaveCount(0);

    await page.getByRole('link', { name: 'Watch Now', exact: true }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fmovie-details%2F\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  });
});

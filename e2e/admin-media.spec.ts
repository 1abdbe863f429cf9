import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiLogin, bearer } from './support/api';
import { API, MEMBER_STORAGE_STATE, SCREENSHOT_DIR } from './support/env';
import { leavePlayer, playFromStart, waitForPlayback } from './support/playback';
import { signIn } from './support/ui';

const DEMO_ADMIN = { email: 'admin@reeltime.local', password: 'admin1234' } as const;

const run = promisify(execFile);

/** A 6 s 720p clip at a high bit rate: a few megabytes, so the upload lasts long enough to cut. */
async function makeHeavyClip(file: string): Promise<void> {
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=25:duration=6',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000:duration=6',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-b:v',
    '6M',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
}

const uploadBar = (page: Page) => page.getByRole('progressbar', { name: /^Upload of / });
const uploadPercent = async (page: Page) => Number(await uploadBar(page).getAttribute('aria-valuenow'));

test('an admin uploads a clip with an upload cut off and resumed, watches it transcode, publishes it, and a member plays it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const folder = await mkdtemp(path.join(tmpdir(), 'reeltime-admin-media-'));
  const clip = path.join(folder, 'harbour-premiere.mp4');
  await makeHeavyClip(clip);
  const clipBytes = (await stat(clip)).size;

  // A draft movie to upload for.
  const { token } = await apiLogin(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const name = `Harbour Premiere ${Date.now().toString(36)}`;
  const created = await request.post(`${API}/admin/titles`, {
    headers: bearer(token),
    data: {
      type: 'movie',
      name,
      description: 'Uploaded in the console.',
      is_published: false,
      is_free: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const titleId = ((await created.json()) as { data: { id: number } }).data.id;

  // The offsets the server reports when the client asks where to resume (tus HEAD).
  const resumeOffsets: number[] = [];
  page.on('response', (response) => {
    if (
      response.request().method() === 'HEAD' &&
      new URL(response.url()).pathname.startsWith(`${API}/admin/uploads/`)
    )
      resumeOffsets.push(Number(response.headers()['upload-offset']));
  });

  // Each PATCH (a piece of about 1 MB) waits a little, so the bar, speed and time left show; the
  // third is cut off as the browser goes offline, and the fourth is still under way at the reload.
  let patches = 0;
  let holdFourth = true;
  await page.route(`**${API}/admin/uploads/*`, async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patches++;
    if (patches === 3) {
      await page.context().setOffline(true);
      return route.abort('internetdisconnected');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    while (patches === 4 && holdFourth) await new Promise((resolve) => setTimeout(resolve, 100));
    await route.continue().catch(() => undefined);
  });

  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin/media');
  await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
  await page.getByLabel('Find the title').fill(name);
  await page.getByRole('radio', { name: new RegExp(name) }).check();
  await page.getByLabel('Video file').setInputFiles(clip);
  await expect(uploadBar(page)).toBeVisible();
  await expect(page.getByText(/^\d+(\.\d)? MB\/s$/)).toBeVisible();

  // The connection drops, the page says so and keeps trying; back online, it goes on from the
  // offset the server kept.
  await expect(page.getByText('Connection lost: retrying')).toBeVisible({ timeout: 20_000 });
  const percentAtCut = await uploadPercent(page);
  await page.waitForTimeout(1500);
  await page.context().setOffline(false);
  await expect.poll(() => resumeOffsets.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(resumeOffsets[0], 'the server kept what arrived before the cut').toBeGreaterThan(0);
  expect(resumeOffsets[0]).toBeLessThan(clipBytes);
  expect(percentAtCut).toBeGreaterThan(0);

  // The page is reloaded in the middle of a PATCH: the upload is offered again and goes on from
  // the server's offset instead of starting over.
  await expect.poll(() => patches, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
  await page.reload();
  holdFourth = false;
  const unfinished = page.getByRole('status').filter({ hasText: 'Unfinished uploads' });
  await expect(unfinished).toContainText('harbour-premiere.mp4');
  await unfinished.getByRole('button', { name: 'Resume: choose the file again' }).click();
  await expect(page.getByText(`For: ${name}`)).toBeVisible();
  const headsBefore = resumeOffsets.length;
  await page.getByLabel('Video file').setInputFiles(clip);
  await expect.poll(() => resumeOffsets.length, { timeout: 15_000 }).toBeGreaterThan(headsBefore);
  expect(resumeOffsets.at(-1), 'resumed after the reload, not started again').toBeGreaterThanOrEqual(
    2 * 1024 * 1024,
  );

  // The server checks the file, queues the transcode, and the page follows it to the end.
  const transcode = page.getByRole('region', { name: 'Transcode progress' });
  await expect(transcode).toBeVisible({ timeout: 60_000 });
  await expect(transcode.getByRole('progressbar')).toBeVisible();
  await expect(transcode.getByText('Ready', { exact: true })).toBeVisible({ timeout: 240_000 });
  // Ready once the lowest rendition plays; the rest of the ladder follows.
  await expect(transcode).toContainText('2 of 2 renditions playable', { timeout: 120_000 });
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('harbour-premiere.mp4 · 1280×720');
  await expect(row).toContainText('0:06');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-media.png'), fullPage: true });

  // Published (as the Titles section does), a member plays it.
  const published = await request.patch(`${API}/admin/titles/${titleId}`, {
    headers: bearer(token),
    data: { is_published: true },
  });
  expect(published.status(), await published.text()).toBe(200);

  const memberContext = await browser.newContext({ storageState: MEMBER_STORAGE_STATE });
  const member = await memberContext.newPage();
  try {
    await member.goto(`/movie-details/${titleId}`);
    await expect(member.getByRole('heading', { level: 1, name })).toBeVisible();
    await playFromStart(member);
    await waitForPlayback(member, 1, { timeout: 30_000 });
    await leavePlayer(member);
  } finally {
    await memberContext.close();
    await request.get(`${API}/logout`, { headers: bearer(token) });
    await rm(folder, { recursive: true, force: true });
  }
});

import { expect, test as setup } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { makeClip } from '../../apps/server/src/media/media.fixtures';
import { apiLogin, bearer, getData } from '../support/api';
import {
  API,
  DATA_DIR,
  DEMO_MEMBER,
  MEMBER_STORAGE_STATE,
  ROOT,
  STATE_DIR,
  writeCatalogFacts,
} from '../support/env';
import { signIn } from '../support/ui';
import { readyFirst, videosPrepared } from '../support/videos';

const run = promisify(execFile);

interface Card {
  id: number;
  name: string;
}
interface Details {
  id: number;
  name: string;
  trailer_url: string;
  trailer_url_type: string;
  video_links: Array<{ url: string }>;
}

/** Adds a video to a title with the operator's import command, against the server's data folder. */
async function importVideo(file: string, titleId: number, kind: 'trailer' | 'main'): Promise<void> {
  await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli/media-import.ts',
      file,
      '--title',
      String(titleId),
      '--kind',
      kind,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR, LOG_LEVEL: 'warn', INIT_CWD: ROOT },
    },
  );
}

setup('pick a title with a public trailer and give it a full video', async ({ request }) => {
  // Transcodes run here when the demo's have not published yet: minutes on a busy two-core machine.
  setup.setTimeout(360_000);
  const { token } = await apiLogin(request, DEMO_MEMBER.email, DEMO_MEMBER.password);

  // A recent title whose full video, if it has one, is served by the site (not a YouTube or Vimeo
  // embed, which would need the internet) once its transcode in the background has published it.
  const latest = await getData<Card[]>(request, '/user/latest-movie?per_page=10');
  let chosen: Details | undefined;
  for (const card of readyFirst(latest)) {
    if (!(await videosPrepared(card.id))) continue;
    const details = await getData<Details>(request, `/user/movie-details/${card.id}`, token);
    if (details.video_links.every((link) => link.url.startsWith('/media/'))) {
      chosen = details;
      break;
    }
  }
  expect(chosen, 'a recent title without an external video').toBeTruthy();
  const titleId = chosen!.id;

  if (!chosen!.trailer_url || chosen!.video_links.length === 0) {
    mkdirSync(STATE_DIR, { recursive: true });
    const clip = path.join(STATE_DIR, 'clip.mp4');
    await makeClip(clip, { seconds: 3, width: 320, height: 180, fps: 25 });
    if (!chosen!.trailer_url) await importVideo(clip, titleId, 'trailer');
    if (chosen!.video_links.length === 0) await importVideo(clip, titleId, 'main');
  }

  const asVisitor = await getData<Details>(request, `/user/movie-details/${titleId}`);
  expect(asVisitor.trailer_url, 'the title has a trailer').not.toBe('');
  expect(asVisitor.trailer_url, 'the trailer is public').not.toMatch(/^\/media\/(s|private)\//);
  expect(asVisitor.video_links, 'visitors get no full video').toEqual([]);
  const asMember = await getData<Details>(request, `/user/movie-details/${titleId}`, token);
  expect(asMember.video_links[0]?.url, 'members get the signed full video').toMatch(/^\/media\/s\//);

  // The demo member keeps three titles in the watch list, so that page has something to show.
  const popular = await getData<Card[]>(request, '/user/popular-movie?per_page=3');
  const saved = await getData<Card[]>(request, '/user/watch-list', token);
  for (const card of popular) {
    if (saved.some((item) => item.id === card.id)) continue;
    const response = await request.post(`${API}/user/save-watch-list`, {
      headers: bearer(token),
      data: { entertainment_id: card.id },
    });
    expect(response.status()).toBe(200);
  }
  await request.get(`${API}/logout`, { headers: bearer(token) });

  writeCatalogFacts({
    playable: { id: titleId, name: asVisitor.name, trailerUrl: asVisitor.trailer_url },
    memberWatchList: popular.map(({ id, name }) => ({ id, name })),
    searchWord: 'the',
  });
});

setup('sign in the demo member once for the member-only pages', async ({ page }) => {
  await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await page.context().storageState({ path: MEMBER_STORAGE_STATE });
});

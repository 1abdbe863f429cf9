import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTitle, makeClip } from '../../media/media.fixtures';
import { startTestServer, type TestServer } from '../../testing/app';
import { invalidateCatalog } from './catalog-invalidation';

/** With the catalog cache on for a minute, writes to the catalog must still show on the next load. */
let server: TestServer;
let work: string;
beforeAll(async () => {
  server = await startTestServer({ CATALOG_CACHE_SECONDS: '60' });
  work = mkdtempSync(path.join(tmpdir(), 'reeltime-invalidation-'));
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

describe('catalog writes', () => {
  it('a trailer that becomes ready shows in the details visitors get on their next load', async () => {
    const titleId = await insertTitle(server.app.ctx.db, { name: 'Soon Streaming' });
    const trailerUrl = async () => {
      const res = await server.app.inject({ method: 'GET', url: `/api/v1/user/movie-details/${titleId}` });
      return (res.json().data as { trailer_url: string }).trailer_url;
    };
    expect(await trailerUrl()).toBe('');

    const clip = path.join(work, 'clip.mp4');
    await makeClip(clip, { seconds: 1, width: 320, height: 180 });
    const imported = await server.app.media.service.importVideo({ file: clip, titleId, kind: 'trailer' });
    await server.app.jobs.runJob(imported.jobId);

    expect(await trailerUrl()).toContain(`/${imported.videoId}/`);
  });

  it('one call makes a new genre visible at once to visitors, whose answers are cached', async () => {
    const genres = async () => {
      const res = await server.app.inject({ method: 'GET', url: '/api/v1/user/get-gener' });
      return res.json().data.map((genre: { name: string }) => genre.name) as string[];
    };
    await genres();
    await server.app.ctx.db.insertInto('genres').values({ name: 'Freshly Added' }).execute();
    expect(await genres()).not.toContain('Freshly Added');
    await invalidateCatalog(server.app.ctx.cache);
    expect(await genres()).toContain('Freshly Added');
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../../testing/s3-app';
import { insertJingleSeason } from './intro-audio.fixtures';
import { createIntroSuggestionService } from './intro-suggestions.service';

describe('intro suggestions with the media bucket (MEDIA_STORE=s3)', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'reeltime-intro-s3-'));
  let site: S3TestServer;
  beforeAll(async () => {
    site = await startS3TestServer();
  });
  afterAll(async () => {
    await site?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('reads the streams’ segments from the bucket and finds the shared jingle', async () => {
    const { server } = site;
    const db = server.app.ctx.db;
    const folderOf = (videoId: number) => path.join(work, String(videoId));
    const { seasonId, videoIds } = await insertJingleSeason(db, folderOf);
    for (const videoId of videoIds)
      await server.app.ctx.files.importDirectory(folderOf(videoId), `private/videos/${videoId}`);

    const suggestions = createIntroSuggestionService(server.app.ctx);
    const run = await suggestions.start(seasonId);
    await server.app.jobs.runJob(run.job_id!);
    const done = await suggestions.latest(seasonId);
    expect(done.state).toBe('done');
    const starts = done.episodes.map((episode) => episode.suggestion?.start ?? -99);
    expect(Math.abs(starts[0]! - 2)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(starts[1]! - 4)).toBeLessThanOrEqual(0.5);
  }, 60_000);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertShow } from '../../media/media.fixtures';
import { startS3TestServer, type S3TestServer } from '../../testing/s3-app';
import { writeEpisodeStream } from './intro-audio.fixtures';
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
    const show = await insertShow(db, 2);
    const episodes = [
      { own: [300, 410, 370, 250], seconds: 12, jingleAt: 2 },
      { own: [196, 233, 277, 311], seconds: 12, jingleAt: 4 },
    ];
    for (const [index, episodeId] of show.episodeIds.entries()) {
      const row = await db
        .insertInto('videos')
        .values({
          title_id: null,
          episode_id: episodeId,
          kind: 'main',
          type: 'hls',
          url: '',
          quality: 'auto',
          status: 'ready',
          source_path: null,
          duration_seconds: 12,
          position: 0,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('videos')
        .set({ url: `/media/private/videos/${row.id}/master.m3u8` })
        .where('id', '=', row.id)
        .execute();
      const folder = path.join(work, String(row.id));
      await writeEpisodeStream(folder, episodes[index]!);
      await server.app.ctx.files.importDirectory(folder, `private/videos/${row.id}`);
    }
    const season = await db
      .selectFrom('episodes')
      .select('season_id')
      .where('id', '=', show.episodeIds[0]!)
      .executeTakeFirstOrThrow();

    const suggestions = createIntroSuggestionService(server.app.ctx);
    const run = await suggestions.start(season.season_id);
    await server.app.jobs.runJob(run.job_id!);
    const done = await suggestions.latest(season.season_id);
    expect(done.state).toBe('done');
    const starts = done.episodes.map((episode) => episode.suggestion?.start ?? -99);
    expect(Math.abs(starts[0]! - 2)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(starts[1]! - 4)).toBeLessThanOrEqual(0.5);
  }, 60_000);
});

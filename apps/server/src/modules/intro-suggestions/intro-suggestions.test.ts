import path from 'node:path';
import { API_BASE, IntroSuggestionMessages, type IntroSuggestions } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertShow } from '../../media/media.fixtures';
import { startTestServer, type TestServer } from '../../testing/app';
import { signUp, signUpAdmin } from '../../testing/http';
import { insertEpisodeVideo, writeEpisodeStream } from './intro-audio.fixtures';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let member: Awaited<ReturnType<typeof signUp>>;
const db = () => server.app.ctx.db;

const url = (seasonId: number) => `${API_BASE}/admin/seasons/${seasonId}/intro-suggestions`;
const start = (seasonId: number, auth = admin.auth) =>
  server.app.inject({ method: 'POST', url: url(seasonId), headers: auth });
const latest = (seasonId: number) =>
  server.app.inject({ method: 'GET', url: url(seasonId), headers: admin.auth });

async function seasonOf(episodeId: number): Promise<number> {
  const row = await db()
    .selectFrom('episodes')
    .select('season_id')
    .where('id', '=', episodeId)
    .executeTakeFirstOrThrow();
  return row.season_id;
}

/** A ready video of the episode; with `audio`, its stream folder is written into the media store. */
async function insertVideo(
  episodeId: number,
  audio?: Parameters<typeof writeEpisodeStream>[1],
  shares?: number,
): Promise<number> {
  const id = await insertEpisodeVideo(db(), episodeId, audio?.seconds ?? 600, shares);
  if (audio)
    await writeEpisodeStream(
      path.join(server.config.dataDir, 'media', 'private', 'videos', String(id)),
      audio,
    );
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server.app);
  member = await signUp(server.app);
});
afterAll(() => server.close());

describe('intro suggestions of a season', () => {
  it('listens to the episodes in a background job and suggests the shared jingle for each', async () => {
    const show = await insertShow(db(), 4);
    const [first, second, third, fourth] = show.episodeIds as [number, number, number, number];
    const seasonId = await seasonOf(first);
    const firstVideo = await insertVideo(first, { own: [300, 410, 370, 250, 330], seconds: 14, jingleAt: 3 });
    const secondVideo = await insertVideo(second, {
      own: [196, 233, 277, 311, 349],
      seconds: 12,
      jingleAt: 1,
    });
    // The third plays the first's stream (as the demo's episodes share clips): the same suggestion, heard once.
    const thirdVideo = await insertVideo(third, undefined, firstVideo);
    // The fourth has no ready video.

    const none = await latest(seasonId);
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toMatchObject({ state: 'none', episodes: [] });

    const started = await start(seasonId);
    expect(started.statusCode).toBe(202);
    const run = started.json().data as IntroSuggestions;
    expect(run).toMatchObject({ state: 'pending', episode_count: 3 });
    // Asking again while it waits answers the same run.
    expect((await start(seasonId)).json().data.job_id).toBe(run.job_id);

    await server.app.jobs.runJob(run.job_id!);
    const done = (await latest(seasonId)).json().data as IntroSuggestions;
    expect(done.state).toBe('done');
    expect(done.progress).toBe(100);
    const byEpisode = new Map(done.episodes.map((episode) => [episode.episode_id, episode]));
    expect(byEpisode.has(fourth)).toBe(false);
    const near = (value: number | undefined, expected: number) => Math.abs((value ?? -99) - expected) <= 0.5;
    const firstSuggestion = byEpisode.get(first)!;
    expect(firstSuggestion.video_id).toBe(firstVideo);
    expect(near(firstSuggestion.suggestion?.start, 3) && near(firstSuggestion.suggestion?.end, 9)).toBe(true);
    const secondSuggestion = byEpisode.get(second)!;
    expect(secondSuggestion.video_id).toBe(secondVideo);
    expect(near(secondSuggestion.suggestion?.start, 1) && near(secondSuggestion.suggestion?.end, 7)).toBe(
      true,
    );
    expect(byEpisode.get(third)).toEqual({ ...firstSuggestion, episode_id: third, video_id: thirdVideo });
    // Suggestions are not markers.
    expect(await db().selectFrom('video_markers').selectAll().execute()).toEqual([]);
  }, 60_000);

  it('says when nothing is shared', async () => {
    const show = await insertShow(db(), 2);
    const seasonId = await seasonOf(show.episodeIds[0]!);
    await insertVideo(show.episodeIds[0]!, { own: [300, 410, 370, 250], seconds: 8 });
    await insertVideo(show.episodeIds[1]!, { own: [196, 233, 277, 311], seconds: 8 });
    const run = (await start(seasonId)).json().data as IntroSuggestions;
    await server.app.jobs.runJob(run.job_id!);
    const done = (await latest(seasonId)).json().data as IntroSuggestions;
    expect(done.state).toBe('done');
    expect(done.episodes.map((episode) => episode.suggestion)).toEqual([null, null]);
  }, 60_000);

  it('fails with the reason when a stream cannot be read', async () => {
    const show = await insertShow(db(), 2);
    const seasonId = await seasonOf(show.episodeIds[0]!);
    await insertVideo(show.episodeIds[0]!, { own: [300, 410], seconds: 4 });
    await insertVideo(show.episodeIds[1]!); // Ready, but its folder is missing.
    const run = (await start(seasonId)).json().data as IntroSuggestions;
    await server.app.jobs.runJob(run.job_id!);
    const failed = (await latest(seasonId)).json().data as IntroSuggestions;
    expect(failed.state).toBe('failed');
    expect(failed.error).toBeTruthy();
  }, 60_000);

  it('needs two episodes with ready videos of different streams (409), a season that exists (404) and an admin', async () => {
    const show = await insertShow(db(), 3);
    const seasonId = await seasonOf(show.episodeIds[0]!);
    const lonely = await start(seasonId);
    expect(lonely.statusCode).toBe(409);
    expect(lonely.json().message).toBe(IntroSuggestionMessages.tooFewEpisodes);
    const only = await insertVideo(show.episodeIds[0]!);
    await insertVideo(show.episodeIds[1]!, undefined, only);
    expect((await start(seasonId)).statusCode).toBe(409);

    expect((await start(999_999)).statusCode).toBe(404);
    expect((await latest(999_999)).json().message).toBe(IntroSuggestionMessages.seasonNotFound);
    expect((await start(seasonId, member.auth)).statusCode).toBe(403);
    expect(
      await db().selectFrom('intro_suggestions').selectAll().where('season_id', '=', seasonId).execute(),
    ).toEqual([]);
  });
});

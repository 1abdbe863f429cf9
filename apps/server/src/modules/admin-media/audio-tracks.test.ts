import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { AdminMediaMessages, API_BASE, type AdminVideo, type AudioTrack } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTitle, makeClip } from '../../media/media.fixtures';
import { ffprobeJson } from '../../media/probe';
import { startTestServer, type TestServer } from '../../testing/app';
import { subscribe } from '../../testing/billing';
import { multipart, signUp, signUpAdmin } from '../../testing/http';

const VIDEOS = `${API_BASE}/admin/videos`;
const run = promisify(execFile);

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
const work = mkdtempSync(path.join(tmpdir(), 'reeltime-audio-tracks-'));
const file = (name: string) => path.join(work, name);

/** An audio file of ffmpeg's sine source: `seconds` long, in the format its name says. */
async function makeAudio(name: string, seconds: number, frequency = 660): Promise<Buffer> {
  await run(server.config.mediaTools.ffmpegPath, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `sine=frequency=${frequency}:sample_rate=44100:duration=${seconds}`, file(name)],
  ]);
  return readFileSync(file(name));
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server.app);
  await makeClip(file('clip.mp4'), {
    seconds: 6,
    width: 320,
    height: 180,
    ffmpeg: server.config.mediaTools.ffmpegPath,
  });
  await makeClip(file('silent.mp4'), {
    seconds: 6,
    width: 320,
    height: 180,
    audio: false,
    ffmpeg: server.config.mediaTools.ffmpegPath,
  });
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

const db = () => server.app.ctx.db;
const files = () => server.app.ctx.files;
const storedKeys = async (prefix: string) => (await files().list(prefix)).map((entry) => entry.key);
const readStored = async (key: string) => (await buffer(await files().read(key))).toString('utf8');

/** A movie whose video is imported from `source` and transcoded: its id and its video's. */
async function readyVideo(source = file('clip.mp4')): Promise<{ titleId: number; videoId: number }> {
  const titleId = await insertTitle(db());
  const imported = await server.app.media.service.importVideo({ file: source, titleId });
  await server.app.jobs.runJob(imported.jobId);
  return { titleId, videoId: imported.videoId };
}

async function videoOf(id: number): Promise<AdminVideo> {
  const res = await server.app.inject({ url: `${VIDEOS}/${id}`, headers: admin.auth });
  expect(res.statusCode).toBe(200);
  return res.json().data as AdminVideo;
}

function addAudio(
  videoId: number,
  fields: Record<string, string | undefined>,
  upload?: { name: string; body: string | Buffer },
) {
  const form = multipart([
    ...Object.entries(fields).flatMap(([name, value]) => (value === undefined ? [] : [{ name, value }])),
    ...(upload
      ? [{ name: 'file', value: upload.body, filename: upload.name, contentType: 'application/octet-stream' }]
      : []),
  ]);
  return server.app.inject({
    method: 'POST',
    url: `${VIDEOS}/${videoId}/audio-tracks`,
    headers: { ...admin.auth, ...form.headers },
    payload: form.payload,
  });
}

/** Runs the job that makes a track's rendition. */
async function runTrackJob(trackId: number): Promise<void> {
  const row = await db()
    .selectFrom('video_audio_tracks')
    .select('job_id')
    .where('id', '=', trackId)
    .executeTakeFirstOrThrow();
  await server.app.jobs.runJob(row.job_id!);
}

/** The master playlist a subscribed member is given for a movie, and the URL it was read from. */
async function memberMaster(titleId: number): Promise<{ master: string; url: string }> {
  const viewer = await signUp(server.app);
  await subscribe(server.app, viewer.id);
  const details = await server.app.inject({
    url: `${API_BASE}/user/movie-details/${titleId}`,
    headers: viewer.auth,
  });
  const url = (details.json().data as { video_links: Array<{ url: string }> }).video_links[0]!.url;
  const res = await server.app.inject({ url, headers: viewer.auth });
  expect(res.statusCode).toBe(200);
  return { master: res.body, url };
}

/** The start of the first segment of a rendition, per stream type, in seconds of the MPEG-TS clock. */
async function firstSegmentStarts(prefix: string, playlist: string): Promise<Record<string, number>> {
  const text = await readStored(`${prefix}/${playlist}`);
  const first = text.split('\n').find((line) => line.endsWith('.ts'))!;
  const local = file(`seg-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(
    local,
    await buffer(await files().read(`${prefix}/${path.posix.dirname(playlist)}/${first}`)),
  );
  const probed = await ffprobeJson(server.config.mediaTools, local);
  return Object.fromEntries(
    (probed.streams ?? []).map((stream) => [stream.codec_type!, Number(stream.start_time)]),
  );
}

describe('audio tracks', () => {
  it('turns an uploaded file into a rendition on the video’s clock, lists it with the video’s own audio as the default, and deletes it', async () => {
    const { titleId, videoId } = await readyVideo();
    const prefix = `private/videos/${videoId}`;
    const mp3 = await makeAudio('spanish.mp3', 6.4);

    const added = await addAudio(
      videoId,
      { language: 'ES', label: 'Español' },
      { name: 'es.mp3', body: mp3 },
    );
    expect(added.statusCode).toBe(201);
    expect(added.json().message).toBe(AdminMediaMessages.audioTrackAdded);
    const track = added.json().data as AudioTrack;
    expect(track).toMatchObject({ language: 'es', label: 'Español', origin: 'upload', status: 'pending' });
    // Waiting for its job: not listed yet, and the file waits in the store.
    expect(await readStored(`${prefix}/master.m3u8`)).not.toContain('TYPE=AUDIO');
    expect(await storedKeys(`private/sources/audio/${videoId}`)).toHaveLength(1);

    await runTrackJob(track.id);
    const video = await videoOf(videoId);
    expect(video.audio).toMatchObject({ language: 'en', label: 'English', is_default: true });
    expect(video.audio.tracks).toEqual([expect.objectContaining({ id: track.id, status: 'ready' })]);
    expect(await storedKeys(`private/sources/audio/${videoId}`)).toEqual([]);

    const { master, url } = await memberMaster(titleId);
    expect(master).toContain(
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES\n',
    );
    expect(master).toContain(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Español",LANGUAGE="es",DEFAULT=NO,AUTOSELECT=YES,URI="audio/a${track.id}/index.m3u8"`,
    );
    const variants = master.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants.length).toBeGreaterThan(0);
    for (const line of variants) expect(line).toContain('mp4a.40.2",AUDIO="aud"');

    // A member's player reads the alternate's playlist and segments through the same signed folder.
    const playlistUrl = new URL(`audio/a${track.id}/index.m3u8`, `http://x${url}`).pathname;
    const playlist = await server.app.inject({ url: playlistUrl });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
    const firstSegment = playlist.body.split('\n').find((line) => line.endsWith('.ts'))!;
    const segment = await server.app.inject({
      url: new URL(firstSegment, `http://x${playlistUrl}`).pathname,
    });
    expect(segment.statusCode).toBe(200);

    // Same clock as the muxed audio, cut at the same 4 s boundaries, as long as the video.
    const muxed = await firstSegmentStarts(prefix, '360p/index.m3u8');
    const alternate = await firstSegmentStarts(prefix, `audio/a${track.id}/index.m3u8`);
    expect(Math.abs(alternate.audio! - muxed.audio!)).toBeLessThan(0.001);
    const durations = [...playlist.body.matchAll(/#EXTINF:([\d.]+)/g)].map((match) => Number(match[1]));
    expect(durations[0]).toBeCloseTo(4, 1);
    expect(durations.reduce((sum, value) => sum + value, 0)).toBeCloseTo(video.duration_seconds!, 0);

    // The video's own audio can be named; the master follows.
    const renamed = await server.app.inject({
      method: 'PUT',
      url: `${VIDEOS}/${videoId}/audio`,
      headers: admin.auth,
      payload: { language: 'en-gb', label: 'English (UK)' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      language: 'en-GB',
      label: 'English (UK)',
      is_default: false,
    });
    expect(await readStored(`${prefix}/master.m3u8`)).toContain(
      'NAME="English (UK)",LANGUAGE="en-GB",DEFAULT=YES',
    );
    const clash = await server.app.inject({
      method: 'PUT',
      url: `${VIDEOS}/${videoId}/audio`,
      headers: admin.auth,
      payload: { language: 'es', label: 'Español' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(AdminMediaMessages.mainAudioLanguageTaken);

    const removed = await server.app.inject({
      method: 'DELETE',
      url: `${VIDEOS}/${videoId}/audio-tracks/${track.id}`,
      headers: admin.auth,
    });
    expect(removed.statusCode).toBe(200);
    const after = await readStored(`${prefix}/master.m3u8`);
    expect(after).not.toContain('TYPE=AUDIO');
    expect(after).not.toContain('AUDIO="aud"');
    expect(await storedKeys(`${prefix}/audio`)).toEqual([]);
    const again = await server.app.inject({
      method: 'DELETE',
      url: `${VIDEOS}/${videoId}/audio-tracks/${track.id}`,
      headers: admin.auth,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(AdminMediaMessages.audioTrackNotFound);

    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', String(videoId))
      .where('action', 'like', 'audio-track.%')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['audio-track.create', 'audio-track.delete']);
  });

  it('refuses a wrong length, a language that is not BCP 47, bytes that are not audio, and a language the video has, storing nothing', async () => {
    const { videoId } = await readyVideo();
    const good = await makeAudio('good.wav', 6);
    const long = await makeAudio('long.ogg', 12);
    const prefix = `private/videos/${videoId}`;
    const masterBefore = await readStored(`${prefix}/master.m3u8`);

    const wrongLength = await addAudio(
      videoId,
      { language: 'hi', label: 'हिन्दी' },
      { name: 'hi.ogg', body: long },
    );
    expect(wrongLength.statusCode).toBe(422);
    expect(wrongLength.json().message).toMatch(/^The audio is 12\.\d s long but the video is 6\.\d s/);

    const cases: Array<[Parameters<typeof addAudio>, number, string]> = [
      [
        [videoId, { language: 'english!', label: 'English' }, { name: 'a.wav', body: good }],
        422,
        AdminMediaMessages.captionLanguage,
      ],
      [
        [videoId, { language: 'es', label: 'Español' }, { name: 'a.mp3', body: 'not audio at all' }],
        422,
        AdminMediaMessages.notAudio,
      ],
      [
        [
          videoId,
          { language: 'es', label: 'Español' },
          { name: 'clip.mp3', body: readFileSync(file('silent.mp4')) },
        ],
        422,
        AdminMediaMessages.notAudio,
      ],
      [[videoId, { language: 'es', label: 'Español' }], 422, AdminMediaMessages.audioFileMissing],
      [
        [videoId, { language: 'es', label: '' }, { name: 'a.wav', body: good }],
        422,
        AdminMediaMessages.captionLabel,
      ],
      [
        [videoId, { language: 'EN', label: 'English' }, { name: 'a.wav', body: good }],
        409,
        AdminMediaMessages.audioLanguageTaken,
      ],
      [
        [999999, { language: 'es', label: 'Español' }, { name: 'a.wav', body: good }],
        404,
        AdminMediaMessages.videoNotFound,
      ],
    ];
    for (const [args, status, message] of cases) {
      const res = await addAudio(...args);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message, message).toBe(message);
    }
    const nothingStored = async () => {
      expect((await videoOf(videoId)).audio.tracks).toEqual([]);
      expect(await storedKeys(`private/sources/audio/${videoId}`)).toEqual([]);
      expect(await readStored(`${prefix}/master.m3u8`)).toBe(masterBefore);
    };
    await nothingStored();

    const first = await addAudio(
      videoId,
      { language: 'pt-br', label: 'Português' },
      { name: 'a.wav', body: good },
    );
    expect(first.statusCode).toBe(201);
    const twice = await addAudio(
      videoId,
      { language: 'pt-BR', label: 'Brasil' },
      { name: 'a.wav', body: good },
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(AdminMediaMessages.audioLanguageTaken);
    expect((await videoOf(videoId)).audio.tracks).toHaveLength(1);

    // Deleting the video deletes its audio files too, published or waiting.
    await runTrackJob((first.json().data as AudioTrack).id);
    const waiting = await addAudio(
      videoId,
      { language: 'de', label: 'Deutsch' },
      { name: 'a.wav', body: good },
    );
    expect(waiting.statusCode).toBe(201);
    expect(await storedKeys(`${prefix}/audio`)).not.toEqual([]);
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `${VIDEOS}/${videoId}`,
      headers: admin.auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await storedKeys(prefix)).toEqual([]);
    expect(await storedKeys(`private/sources/audio/${videoId}`)).toEqual([]);
    const rows = await db()
      .selectFrom('video_audio_tracks')
      .select('id')
      .where('video_id', '=', videoId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a track for a video not playable yet', async () => {
    const titleId = await insertTitle(db());
    const imported = await server.app.media.service.importVideo({ file: file('clip.mp4'), titleId });
    const res = await addAudio(
      imported.videoId,
      { language: 'es', label: 'Español' },
      { name: 'a.wav', body: await makeAudio('early.wav', 6) },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(AdminMediaMessages.audioNeedsStream);
  });

  it('makes tracks of a source’s further audio streams with a language tag, names the first from its tag, and skips untagged ones', async () => {
    const source = file('dubbed.mkv');
    await run(server.config.mediaTools.ffmpegPath, [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=6'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=6'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=660:sample_rate=48000:duration=6'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=880:sample_rate=48000:duration=6'],
      ...['-map', '0', '-map', '1', '-map', '2', '-map', '3'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'flac'],
      ...[
        '-metadata:s:a:0',
        'language=fra',
        '-metadata:s:a:1',
        'language=hin',
        '-metadata:s:a:1',
        'title=Hindi dub',
      ],
      source,
    ]);
    const { titleId, videoId } = await readyVideo(source);
    const video = await videoOf(videoId);
    expect(video.audio).toMatchObject({ language: 'fr', label: 'Français', is_default: false });
    expect(video.audio.tracks).toEqual([
      expect.objectContaining({ language: 'hi', label: 'Hindi dub', origin: 'source', status: 'ready' }),
    ]);
    const { master } = await memberMaster(titleId);
    expect(master).toContain('NAME="Français",LANGUAGE="fr",DEFAULT=YES');
    expect(master).toContain(
      `NAME="Hindi dub",LANGUAGE="hi",DEFAULT=NO,AUTOSELECT=YES,URI="audio/a${video.audio.tracks[0]!.id}/index.m3u8"`,
    );
  });
});

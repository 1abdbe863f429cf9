import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { API_BASE, type AudioTrack } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../testing/s3-app';
import { multipart, signUpAdmin } from '../testing/http';
import { insertTitle, makeClip } from './media.fixtures';

const run = promisify(execFile);

describe('audio tracks with the media in an S3 bucket (MEDIA_STORE=s3)', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'reeltime-s3-audio-'));
  let site: S3TestServer;
  beforeAll(async () => {
    site = await startS3TestServer();
  });
  afterAll(async () => {
    await site?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const keys = async (Prefix: string) =>
    ((await site.client.send(new ListObjectsV2Command({ Bucket: site.bucket, Prefix }))).Contents ?? []).map(
      (object) => object.Key!,
    );
  const text = async (Key: string) =>
    (await site.client.send(new GetObjectCommand({ Bucket: site.bucket, Key }))).Body!.transformToString();

  it('keeps the uploaded file and the rendition in the bucket, lists the track in the master there, and deletes both', async () => {
    const { server } = site;
    const ffmpeg = server.config.mediaTools.ffmpegPath;
    const clip = path.join(work, 'clip.mp4');
    await makeClip(clip, { seconds: 5, width: 320, height: 180, ffmpeg });
    const audio = path.join(work, 'dub.m4a');
    await run(ffmpeg, ['-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=550:duration=5', audio]);
    const admin = await signUpAdmin(server.app);
    const imported = await server.app.media.service.importVideo({
      file: clip,
      titleId: await insertTitle(server.app.ctx.db),
    });
    await server.app.jobs.runJob(imported.jobId);
    const prefix = `private/videos/${imported.videoId}`;

    const form = multipart([
      { name: 'language', value: 'de' },
      { name: 'label', value: 'Deutsch' },
      { name: 'file', value: readFileSync(audio), filename: 'dub.m4a', contentType: 'audio/mp4' },
    ]);
    const added = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/admin/videos/${imported.videoId}/audio-tracks`,
      headers: { ...admin.auth, ...form.headers },
      payload: form.payload,
    });
    expect(added.statusCode).toBe(201);
    const track = added.json().data as AudioTrack;
    // The job may run on any worker: the file waits in the bucket, not on this machine's disk.
    expect(await keys(`private/sources/audio/${imported.videoId}/`)).toHaveLength(1);

    const { job_id } = await server.app.ctx.db
      .selectFrom('video_audio_tracks')
      .select('job_id')
      .where('id', '=', track.id)
      .executeTakeFirstOrThrow();
    await server.app.jobs.runJob(job_id!);
    expect(await keys(`private/sources/audio/${imported.videoId}/`)).toEqual([]);
    const rendition = await keys(`${prefix}/audio/a${track.id}/`);
    expect(rendition).toContain(`${prefix}/audio/a${track.id}/index.m3u8`);
    expect(rendition.filter((key) => key.endsWith('.ts')).length).toBeGreaterThanOrEqual(2);
    expect(await text(`${prefix}/master.m3u8`)).toContain(
      `NAME="Deutsch",LANGUAGE="de",DEFAULT=NO,AUTOSELECT=YES,URI="audio/a${track.id}/index.m3u8"`,
    );

    const removed = await server.app.inject({
      method: 'DELETE',
      url: `${API_BASE}/admin/videos/${imported.videoId}/audio-tracks/${track.id}`,
      headers: admin.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(await keys(`${prefix}/audio/`)).toEqual([]);
    expect(await text(`${prefix}/master.m3u8`)).not.toContain('TYPE=AUDIO');
  });
});

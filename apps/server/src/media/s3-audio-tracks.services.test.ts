import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import { API_BASE, type AudioTrack } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../adapters/storage/s3-file-store';
import { testS3Settings } from '../testing/services';
import { startTestServer, type TestServer } from '../testing/app';
import { multipart, signUpAdmin } from '../testing/http';
import { insertTitle, makeClip } from './media.fixtures';

const run = promisify(execFile);

describe('audio tracks with the media in an S3 bucket (MEDIA_STORE=s3)', () => {
  const bucket = `reeltime-audio-${randomBytes(6).toString('hex')}`;
  const work = mkdtempSync(path.join(tmpdir(), 'reeltime-s3-audio-'));
  let client: S3Client;
  let server: TestServer;
  beforeAll(async () => {
    const settings = testS3Settings();
    client = createS3Client({ ...settings, bucket });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    server = await startTestServer({
      MEDIA_STORE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ENDPOINT: settings.endpoint!,
      S3_ACCESS_KEY_ID: settings.credentials!.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.credentials!.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await server?.close();
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    for (const { Key } of listed.Contents ?? []) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
    }
    await client.send(new DeleteBucketCommand({ Bucket: bucket }));
    client.destroy();
    rmSync(work, { recursive: true, force: true });
  });

  const keys = async (prefix: string) =>
    ((await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))).Contents ?? []).map(
      (object) => object.Key!,
    );
  const text = async (key: string) =>
    (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToString();

  it('keeps the uploaded file and the rendition in the bucket, lists the track in the master there, and deletes both', async () => {
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

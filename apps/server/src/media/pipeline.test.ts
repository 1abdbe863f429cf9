import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from './media.fixtures';
import { ffprobeJson, NotAVideoError, probe } from './probe';
import { parseMediaPlaylist, playlistDuration } from './hls';
import { publishInto, transcodeToHls, type TranscodeResult } from './pipeline';

const tools = { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' };
const work = mkdtempSync(path.join(tmpdir(), 'reeltime-pipeline-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CAPTIONS = `WEBVTT

00:00:01.000 --> 00:00:03.000
Hello there.

00:00:04.000 --> 00:00:06.500
General Kenobi.
`;

describe('transcodeToHls: an 8 s 1280x720 clip with sound and captions', () => {
  const source = path.join(work, 'source.mp4');
  const out = path.join(work, 'videos', '1');
  let result: TranscodeResult;
  const progress: number[] = [];
  const timings: string[] = [];
  /** What a player could load from the output folder right after each publishing step. */
  const published: Array<{ variants: string[]; folders: string[]; poster: boolean; captions: boolean }> = [];

  beforeAll(async () => {
    await makeClip(source, { seconds: 8, width: 1280, height: 720, fps: 25 });
    writeFileSync(path.join(work, 'captions.vtt'), `\uFEFF${CAPTIONS}`);
    result = await transcodeToHls(tools, {
      source,
      outDir: out,
      captions: { file: path.join(work, 'captions.vtt'), language: 'en', name: 'English' },
      preset: 'veryfast',
      onProgress: (percent) => progress.push(percent),
      onRendition: (rendition) => timings.push(rendition.name),
      publish: async (update) => {
        await moveInto(update);
        const master = readFileSync(path.join(out, 'master.m3u8'), 'utf8');
        published.push({
          variants: master.split('\n').filter((line) => line.endsWith('/index.m3u8')),
          folders: readdirSync(out).filter((name) => /^\d+p$/.test(name)),
          poster: existsSync(path.join(out, 'poster.webp')),
          captions: existsSync(path.join(out, 'subs', 'captions.vtt')),
        });
      },
    });
  }, 120_000);
  const moveInto = publishInto(out);

  it('is playable at the lowest rendition before the higher ones exist, and lists every rendition at the end', () => {
    expect(published).toEqual([
      { variants: ['360p/index.m3u8'], folders: ['360p'], poster: true, captions: true },
      {
        variants: ['360p/index.m3u8', '720p/index.m3u8'],
        folders: ['360p', '720p'],
        poster: true,
        captions: true,
      },
    ]);
  });

  it('makes the renditions up to the source height, never above', () => {
    expect(result.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
      ['360p', 640, 360],
      ['720p', 1280, 720],
    ]);
    expect(existsSync(path.join(out, '1080p'))).toBe(false);
    expect(timings).toEqual(['360p', '720p']);
  });

  it('writes a master playlist with BANDWIDTH, AVERAGE-BANDWIDTH, RESOLUTION and CODECS, relative URIs only', () => {
    const master = readFileSync(path.join(out, 'master.m3u8'), 'utf8');
    const lines = master.trim().split('\n');
    expect(lines[0]).toBe('#EXTM3U');
    const streams = lines.filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(streams).toHaveLength(2);
    const expected = [
      {
        resolution: '640x360',
        codecs: 'avc1.4d401e,mp4a.40.2',
        uri: '360p/index.m3u8',
        min: 600_000,
        max: 1_400_000,
      },
      {
        resolution: '1280x720',
        codecs: 'avc1.4d401f,mp4a.40.2',
        uri: '720p/index.m3u8',
        min: 2_000_000,
        max: 4_000_000,
      },
    ];
    streams.forEach((line, index) => {
      const want = expected[index]!;
      const bandwidth = Number(/BANDWIDTH=(\d+)/.exec(line)?.[1]);
      const average = Number(/AVERAGE-BANDWIDTH=(\d+)/.exec(line)?.[1]);
      expect(bandwidth).toBeGreaterThanOrEqual(average);
      expect(bandwidth).toBeGreaterThan(want.min);
      expect(bandwidth).toBeLessThan(want.max);
      expect(line).toContain(`RESOLUTION=${want.resolution}`);
      expect(line).toContain(`CODECS="${want.codecs}"`);
      expect(line).toContain('SUBTITLES="subs"');
      expect(lines[lines.indexOf(line) + 1]).toBe(want.uri);
    });
    expect(master).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en"');
    for (const line of lines.filter((l) => !l.startsWith('#'))) expect(line).not.toMatch(/^(\/|[a-z]+:)/i);
    expect(master).not.toContain(work);
  });

  it('encodes H.264 main (yuv420p) with AAC in every rendition', async () => {
    for (const rendition of result.renditions) {
      const playlist = parseMediaPlaylist(readFileSync(path.join(out, rendition.playlist), 'utf8'));
      const first = path.join(out, rendition.name, playlist.segments[0]!.uri);
      const probed = await ffprobeJson(tools, first);
      const video = probed.streams!.find((s) => s.codec_type === 'video')!;
      const audio = probed.streams!.find((s) => s.codec_type === 'audio')!;
      expect(video).toMatchObject({
        codec_name: 'h264',
        profile: 'Main',
        width: rendition.width,
        height: rendition.height,
      });
      expect((video as { pix_fmt?: string }).pix_fmt).toBe('yuv420p');
      expect(audio).toMatchObject({ codec_name: 'aac', profile: 'LC' });
    }
  });

  it('cuts 4–6 s segments on the same boundaries in every rendition, totalling the source length', () => {
    const durations = result.renditions.map((rendition) => {
      const playlist = parseMediaPlaylist(readFileSync(path.join(out, rendition.playlist), 'utf8'));
      expect(playlist.ended).toBe(true);
      expect(playlist.targetDuration).toBeLessThanOrEqual(6);
      expect(readFileSync(path.join(out, rendition.playlist), 'utf8')).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      playlist.segments.slice(0, -1).forEach((segment) => {
        expect(segment.duration).toBeGreaterThanOrEqual(4);
        expect(segment.duration).toBeLessThanOrEqual(6);
      });
      expect(playlistDuration(playlist)).toBeCloseTo(8, 0);
      return playlist.segments.map((segment) => segment.duration.toFixed(2));
    });
    expect(durations[1]).toEqual(durations[0]);
    expect(result.durationSeconds).toBeCloseTo(8, 0);
  });

  it('makes a poster, a seek-preview sprite and its WebVTT', async () => {
    const poster = await sharp(path.join(out, 'poster.webp')).metadata();
    expect(poster).toMatchObject({ format: 'webp', width: 1280, height: 720 });
    const sprite = await sharp(path.join(out, 'sprite.jpg')).metadata();
    expect(sprite).toMatchObject({ format: 'jpeg', width: 320, height: 90 });
    const vtt = readFileSync(path.join(out, 'thumbs.vtt'), 'utf8');
    expect(vtt.startsWith('WEBVTT\n')).toBe(true);
    expect(vtt).toContain('00:00:00.000 --> 00:00:05.000\nsprite.jpg#xywh=0,0,160,90');
    expect(vtt).toContain('00:00:05.000 --> 00:00:08.000\nsprite.jpg#xywh=160,0,160,90');
  });

  it('adds the captions as a subtitles playlist tied to the segments’ clock', () => {
    const playlist = readFileSync(path.join(out, 'subs', 'index.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist).toContain('\ncaptions.vtt\n');
    const vtt = readFileSync(path.join(out, 'subs', 'captions.vtt'), 'utf8');
    expect(vtt).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00\.000\n/);
    expect(vtt).toContain('General Kenobi.');
  });

  it('reports progress from 0 to 100, never going back, and leaves no half-built folder', () => {
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress.length).toBeGreaterThan(3);
    progress.slice(1).forEach((value, index) => expect(value).toBeGreaterThan(progress[index]!));
    expect(readFileSync(path.join(out, 'master.m3u8'), 'utf8')).toContain('#EXTM3U');
    expect(readdirSync(path.dirname(out))).toEqual(['1']);
  });
});

describe('transcodeToHls: a small silent clip', () => {
  it('makes only the lowest rendition, without enlarging it, and no audio codec', async () => {
    const source = path.join(work, 'silent.mp4');
    await makeClip(source, { seconds: 3, width: 320, height: 180, audio: false });
    const out = path.join(work, 'videos', '2');
    const result = await transcodeToHls(tools, { source, outDir: out });
    expect(result.renditions.map((r) => [r.name, r.width, r.height, r.codecs])).toEqual([
      ['360p', 320, 180, ['avc1.4d401e']],
    ]);
    const master = readFileSync(path.join(out, 'master.m3u8'), 'utf8');
    expect(master).toContain('RESOLUTION=320x180');
    expect(master).toContain('CODECS="avc1.4d401e"');
    expect(master).not.toContain('SUBTITLES');
    const segment = parseMediaPlaylist(readFileSync(path.join(out, '360p', 'index.m3u8'), 'utf8'))
      .segments[0]!;
    const probed = await ffprobeJson(tools, path.join(out, '360p', segment.uri));
    expect(probed.streams!.map((s) => s.codec_type)).toEqual(['video']);
  }, 60_000);
});

describe('transcodeToHls: a clip shorter than one preview interval', () => {
  it('still makes its seek-preview sprite, from the first frame', async () => {
    const source = path.join(work, 'blink.mp4');
    await makeClip(source, { seconds: 1, width: 320, height: 180 });
    const out = path.join(work, 'videos', '3');
    await transcodeToHls(tools, { source, outDir: out });
    const sprite = await sharp(path.join(out, 'sprite.jpg')).metadata();
    expect(sprite.format).toBe('jpeg');
    expect(readFileSync(path.join(out, 'thumbs.vtt'), 'utf8')).toContain('sprite.jpg#xywh=0,0,');
  }, 60_000);
});

describe('probe', () => {
  it('reads duration, size and audio of a video by its bytes', async () => {
    const renamed = path.join(work, 'clip.dat');
    await makeClip(`${renamed}.mp4`, { seconds: 2, width: 320, height: 180 });
    renameSync(`${renamed}.mp4`, renamed);
    const info = await probe(tools, renamed);
    expect(info).toMatchObject({ width: 320, height: 180, hasAudio: true, videoCodec: 'h264' });
    expect(info.durationSeconds).toBeCloseTo(2, 0);
  });

  it('refuses images and other files, whatever their names', async () => {
    const png = path.join(work, 'still.mp4');
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
      .png()
      .toFile(png);
    await expect(probe(tools, png)).rejects.toBeInstanceOf(NotAVideoError);
    const text = path.join(work, 'notes.mkv');
    writeFileSync(text, 'just some text, not a video at all');
    await expect(probe(tools, text)).rejects.toBeInstanceOf(NotAVideoError);
  });
});

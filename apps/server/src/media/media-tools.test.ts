import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeClip } from './media.fixtures';
import { parseMediaPlaylist } from './hls';
import { bundledMediaTool, findOnSearchPath, resolveMediaTool, resolveMediaTools } from './media-tools';
import { transcodeToHls } from './pipeline';
import { ffprobeJson, probe } from './probe';

const work = mkdtempSync(path.join(tmpdir(), 'reeltime-media-tools-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function folderWith(files: Record<string, number>): string {
  const folder = mkdtempSync(path.join(work, 'bin-'));
  for (const [name, mode] of Object.entries(files)) {
    writeFileSync(path.join(folder, name), '#!/bin/sh\nexit 0\n');
    chmodSync(path.join(folder, name), mode);
  }
  return folder;
}

describe('resolveMediaTool', () => {
  it('uses FFMPEG_PATH / FFPROBE_PATH when set, whatever else is there', () => {
    const system = folderWith({ ffmpeg: 0o755 });
    expect(resolveMediaTool('ffmpeg', '/opt/ffmpeg/bin/ffmpeg', system)).toEqual({
      path: '/opt/ffmpeg/bin/ffmpeg',
      source: 'configured',
    });
  });

  it("prefers the system's tool on PATH over the bundled one", () => {
    const system = folderWith({ ffmpeg: 0o755, ffprobe: 0o755 });
    const searchPath = ['/nonexistent', system].join(path.delimiter);
    expect(resolveMediaTool('ffmpeg', undefined, searchPath)).toEqual({ path: 'ffmpeg', source: 'system' });
    expect(resolveMediaTool('ffprobe', undefined, searchPath)).toEqual({ path: 'ffprobe', source: 'system' });
  });

  it('skips a file on PATH that cannot be run', () => {
    const notRunnable = folderWith({ ffmpeg: 0o644 });
    expect(findOnSearchPath('ffmpeg', notRunnable)).toBeNull();
    expect(resolveMediaTool('ffmpeg', undefined, notRunnable).source).not.toBe('system');
  });

  it('falls back to the binaries shipped by npm when PATH has none', () => {
    const empty = folderWith({});
    const ffmpeg = resolveMediaTool('ffmpeg', undefined, empty);
    const ffprobe = resolveMediaTool('ffprobe', undefined, empty);
    expect(ffmpeg).toEqual({ path: bundledMediaTool('ffmpeg'), source: 'bundled' });
    expect(ffprobe).toEqual({ path: bundledMediaTool('ffprobe'), source: 'bundled' });
    expect(ffmpeg.path).toContain(`${path.sep}node_modules${path.sep}`);
  });
});

describe('the bundled ffmpeg and ffprobe', () => {
  it('run the whole pipeline on their own: probe, HLS ladder, poster, sprite, captions', async () => {
    const { tools, sources } = resolveMediaTools({}, { PATH: folderWith({}) });
    expect(sources).toEqual({ ffmpeg: 'bundled', ffprobe: 'bundled' });
    const source = path.join(work, 'bundled.mp4');
    await makeClip(source, { seconds: 5, width: 640, height: 360, ffmpeg: tools.ffmpegPath });
    expect(await probe(tools, source)).toMatchObject({ width: 640, height: 360, hasAudio: true });

    const out = path.join(work, 'videos', 'bundled');
    const captions = path.join(work, 'bundled.vtt');
    writeFileSync(captions, 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello.\n');
    const result = await transcodeToHls(tools, {
      source,
      outDir: out,
      preset: 'ultrafast',
      captions: { file: captions, language: 'en', name: 'English' },
    });
    expect(result.renditions.map((rendition) => rendition.name)).toEqual(['360p']);
    expect(readFileSync(path.join(out, 'master.m3u8'), 'utf8')).toContain('RESOLUTION=640x360');
    const playlist = parseMediaPlaylist(readFileSync(path.join(out, '360p', 'index.m3u8'), 'utf8'));
    const segment = await ffprobeJson(tools, path.join(out, '360p', playlist.segments[0]!.uri));
    expect(segment.streams!.map((stream) => stream.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(readFileSync(path.join(out, 'thumbs.vtt'), 'utf8')).toMatch(/^WEBVTT\n/);
    // The captions are tied to the segments' clock, which takes reading a segment with ffprobe.
    expect(readFileSync(path.join(out, 'subs', 'captions.vtt'), 'utf8')).toMatch(
      /X-TIMESTAMP-MAP=MPEGTS:\d+/,
    );
  }, 120_000);
});

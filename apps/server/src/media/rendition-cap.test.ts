import { describe, expect, it } from 'vitest';
import { capMasterPlaylist, isAboveCap, masterRenditions } from './rendition-cap';

const master = (sizes: string[]) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",URI="subs/index.m3u8"',
    ...sizes.flatMap((size) => [
      `#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=${size},CODECS="avc1.4d401e,mp4a.40.2",SUBTITLES="subs"`,
      `${size.split('x')[1]}p/index.m3u8`,
    ]),
    '',
  ].join('\n');

describe('capping a master playlist', () => {
  it('drops the renditions above the cap and keeps everything else as written', () => {
    const capped = capMasterPlaylist(master(['640x360', '1280x720', '1920x1080']), 720);
    expect(capped).toContain('640x360');
    expect(capped).toContain('720p/index.m3u8');
    expect(capped).not.toContain('1080');
    expect(capped).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES');
    expect(capped.startsWith('#EXTM3U\n')).toBe(true);
  });

  it('keeps the lowest rendition when every one is above the cap', () => {
    const capped = capMasterPlaylist(master(['1280x720', '1920x1080']), 360);
    expect(masterRenditions(capped).map((r) => r.uri)).toEqual(['720p/index.m3u8']);
  });

  it('measures portrait videos by their shorter side', () => {
    const portrait = master(['360x640', '720x1280', '1080x1920']);
    expect(masterRenditions(capMasterPlaylist(portrait, 720)).map((r) => r.height)).toEqual([360, 720]);
  });

  it('refuses files of the renditions above the cap only', () => {
    const renditions = masterRenditions(master(['640x360', '1280x720', '1920x1080']));
    expect(isAboveCap('1080p/index.m3u8', renditions, 720)).toBe(true);
    expect(isAboveCap('1080p/seg_00001.ts', renditions, 720)).toBe(true);
    expect(isAboveCap('720p/seg_00001.ts', renditions, 720)).toBe(false);
    expect(isAboveCap('sprite.jpg', renditions, 720)).toBe(false);
    expect(isAboveCap('subs/index.m3u8', renditions, 720)).toBe(false);
    expect(isAboveCap('1080p/seg_00001.ts', renditions, 1080)).toBe(false);
  });
});

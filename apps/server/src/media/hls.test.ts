import { describe, expect, it } from 'vitest';
import {
  bandwidthOf,
  buildMasterPlaylist,
  buildThumbnailsVtt,
  findAvcCodec,
  parseMediaPlaylist,
  planLadder,
  prepareCaptions,
  spriteLayout,
} from './hls';

const sizes = (source: { width: number; height: number; fps?: number }) =>
  planLadder({ fps: 25, ...source }).map(
    (plan) => `${plan.rung.name}:${plan.width}x${plan.height}@${plan.level}`,
  );

describe('planLadder', () => {
  it('never goes above the source height and always keeps the lowest rendition', () => {
    expect(sizes({ width: 1920, height: 1080 })).toEqual([
      '360p:640x360@3.0',
      '720p:1280x720@3.1',
      '1080p:1920x1080@4.0',
    ]);
    expect(sizes({ width: 3840, height: 2160 })).toEqual([
      '360p:640x360@3.0',
      '720p:1280x720@3.1',
      '1080p:1920x1080@4.0',
    ]);
    expect(sizes({ width: 1280, height: 720 })).toEqual(['360p:640x360@3.0', '720p:1280x720@3.1']);
    expect(sizes({ width: 854, height: 480 })).toEqual(['360p:640x360@3.0']);
    expect(sizes({ width: 320, height: 180 })).toEqual(['360p:320x180@3.0']);
  });

  it('fits other shapes into the box, keeps even sizes, and handles portrait and high frame rates', () => {
    expect(sizes({ width: 1920, height: 800 })).toEqual(['360p:640x266@3.0', '720p:1280x534@3.1']);
    expect(sizes({ width: 1080, height: 1920 })).toEqual([
      '360p:360x640@3.0',
      '720p:720x1280@3.1',
      '1080p:1080x1920@4.0',
    ]);
    expect(sizes({ width: 1280, height: 720, fps: 60 })).toEqual(['360p:640x360@3.1', '720p:1280x720@3.2']);
  });
});

describe('playlists and bit rates', () => {
  it('reads a media playlist', () => {
    const playlist = parseMediaPlaylist(
      '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.000000,\nseg_00000.ts\n#EXTINF:2.5,\nseg_00001.ts\n#EXT-X-ENDLIST\n',
    );
    expect(playlist).toEqual({
      version: 6,
      targetDuration: 4,
      ended: true,
      segments: [
        { duration: 4, uri: 'seg_00000.ts' },
        { duration: 2.5, uri: 'seg_00001.ts' },
      ],
    });
    expect(() => parseMediaPlaylist('nope')).toThrow();
  });

  it('takes BANDWIDTH as the peak segment rate and AVERAGE-BANDWIDTH over the whole', () => {
    expect(
      bandwidthOf([
        { duration: 4, bytes: 500_000 },
        { duration: 4, bytes: 300_000 },
        { duration: 0.2, bytes: 5000 },
      ]),
    ).toEqual({
      peak: 1_000_000,
      average: Math.ceil((805_000 * 8) / 8.2),
    });
  });

  it('writes the master playlist with every attribute and only relative URIs', () => {
    const master = buildMasterPlaylist(
      [
        {
          uri: '360p/index.m3u8',
          bandwidth: 900_000,
          averageBandwidth: 850_000,
          width: 640,
          height: 360,
          frameRate: 25,
          codecs: ['avc1.4d401e', 'mp4a.40.2'],
        },
      ],
      { uri: 'subs/index.m3u8', name: 'English "CC"', language: 'en' },
    );
    expect(master).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:6',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English 'CC'",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="subs/index.m3u8"`,
        '#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=850000,RESOLUTION=640x360,FRAME-RATE=25.000,CODECS="avc1.4d401e,mp4a.40.2",SUBTITLES="subs"',
        '360p/index.m3u8',
        '',
      ].join('\n'),
    );
  });

  it('reads the codec string from the sequence parameter set', () => {
    const bytes = Uint8Array.from([
      0x47, 0x40, 0, 0, 0, 0, 1, 0x09, 0xf0, 0, 0, 0, 1, 0x67, 0x4d, 0x40, 0x1f, 0xac,
    ]);
    expect(findAvcCodec(bytes)).toBe('avc1.4d401f');
    expect(findAvcCodec(Uint8Array.from([0, 0, 1, 0x65, 1, 2, 3, 4]))).toBeUndefined();
  });
});

describe('seek previews and captions', () => {
  it('maps every 5 s to its tile, ten to a row', () => {
    const layout = spriteLayout(62);
    expect(layout).toMatchObject({ interval: 5, count: 13, columns: 10, rows: 2 });
    const vtt = buildThumbnailsVtt(layout, 62, 'sprite.jpg');
    expect(vtt).toContain('00:00:45.000 --> 00:00:50.000\nsprite.jpg#xywh=1440,0,160,90');
    expect(vtt).toContain('00:00:50.000 --> 00:00:55.000\nsprite.jpg#xywh=0,90,160,90');
    expect(vtt.trim().endsWith('00:01:00.000 --> 00:01:02.000\nsprite.jpg#xywh=320,90,160,90')).toBe(true);
    expect(spriteLayout(3 * 3600)).toMatchObject({ interval: 11, count: 982 });
  });

  it('accepts WebVTT only and ties its cues to the MPEG-TS clock', () => {
    expect(prepareCaptions('\uFEFFWEBVTT - Title\r\n\r\n00:01.000 --> 00:02.000\r\nHi\r\n', 126_000)).toBe(
      'WEBVTT - Title\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\n\n00:01.000 --> 00:02.000\nHi\n',
    );
    expect(() => prepareCaptions('1\n00:00:01,000 --> 00:00:02,000\nSRT, not VTT\n', 0)).toThrow(/WebVTT/);
  });
});

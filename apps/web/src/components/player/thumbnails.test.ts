import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadThumbnails,
  parseThumbnailsVtt,
  parseVttTime,
  thumbnailAt,
  thumbnailsUrlFor,
} from './thumbnails';

const MASTER = '/media/s/1767225600/abcDEF_-123/videos/42/master.m3u8';
const VTT = `WEBVTT

00:00:00.000 --> 00:00:05.000
sprite.jpg#xywh=0,0,160,90

00:00:05.000 --> 00:00:10.000
sprite.jpg#xywh=160,0,160,90

3
00:00:10.000 --> 00:00:12.500 align:start
sprite.jpg#xywh=0,90,160,90
`;

describe('thumbs.vtt', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads WebVTT timestamps with and without hours', () => {
    expect(parseVttTime('00:01:02.500')).toBe(62.5);
    expect(parseVttTime('01:02.250')).toBe(62.25);
    expect(parseVttTime('1:00:00.000')).toBe(3600);
    expect(parseVttTime('nope')).toBeNaN();
  });

  it('finds the thumbs.vtt next to the master playlist', () => {
    expect(thumbnailsUrlFor(MASTER)).toBe(
      'http://localhost:3000/media/s/1767225600/abcDEF_-123/videos/42/thumbs.vtt',
    );
    expect(thumbnailsUrlFor('https://cdn.example.com/v/9/master.m3u8')).toBe(
      'https://cdn.example.com/v/9/thumbs.vtt',
    );
    expect(thumbnailsUrlFor('/media/trailers/clip.mp4')).toBeNull();
  });

  it('maps time ranges to sprite regions, resolving the sprite next to the vtt file', () => {
    const url = thumbnailsUrlFor(MASTER)!;
    const cues = parseThumbnailsVtt(VTT, url);
    const sprite = 'http://localhost:3000/media/s/1767225600/abcDEF_-123/videos/42/sprite.jpg';
    expect(cues).toEqual([
      { start: 0, end: 5, url: sprite, x: 0, y: 0, width: 160, height: 90 },
      { start: 5, end: 10, url: sprite, x: 160, y: 0, width: 160, height: 90 },
      { start: 10, end: 12.5, url: sprite, x: 0, y: 90, width: 160, height: 90 },
    ]);
    expect(thumbnailAt(cues, 0)).toMatchObject({ x: 0, y: 0 });
    expect(thumbnailAt(cues, 4.99)).toMatchObject({ x: 0, y: 0 });
    expect(thumbnailAt(cues, 5)).toMatchObject({ x: 160, y: 0 });
    expect(thumbnailAt(cues, 11)).toMatchObject({ x: 0, y: 90 });
    expect(thumbnailAt(cues, 12.5)).toMatchObject({ x: 0, y: 90 });
    expect(thumbnailAt(cues, 40)).toBeNull();
    expect(thumbnailAt([], 3)).toBeNull();
  });

  it('keeps absolute and parent-relative sprite references, and skips cues without a region', () => {
    const text = [
      'WEBVTT',
      '',
      '00:00.000 --> 00:02.000',
      'https://img.example.com/s.jpg#xywh=1,2,3,4',
      '',
      '00:02.000 --> 00:04.000',
      '../shared/s.jpg#xywh=pixel:5,6,7,8',
      '',
      '00:04.000 --> 00:06.000',
      'no-region.jpg',
      '',
      '00:06.000 --> 00:05.000',
      'backwards.jpg#xywh=0,0,1,1',
    ].join('\r\n');
    const cues = parseThumbnailsVtt(text, 'https://cdn.example.com/videos/7/thumbs.vtt');
    expect(cues.map((cue) => [cue.url, cue.x, cue.y, cue.width, cue.height])).toEqual([
      ['https://img.example.com/s.jpg', 1, 2, 3, 4],
      ['https://cdn.example.com/videos/shared/s.jpg', 5, 6, 7, 8],
    ]);
  });

  it('gives no cues for a file that is not WebVTT', () => {
    expect(parseThumbnailsVtt('<html>', '/x/thumbs.vtt')).toEqual([]);
  });

  it('fetches a thumbnails file once and treats a missing one as none', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('missing')
        ? new Response('', { status: 404 })
        : new Response(VTT, { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const url = 'http://localhost:3000/media/s/1/sig/videos/5/thumbs.vtt';
    const [first, second] = await Promise.all([loadThumbnails(url), loadThumbnails(url)]);
    expect(first).toHaveLength(3);
    expect(second).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await loadThumbnails('http://localhost:3000/missing/thumbs.vtt')).toEqual([]);
  });
});

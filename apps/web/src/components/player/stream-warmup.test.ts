import { describe, expect, it, vi } from 'vitest';
import { lowestVariantOf, warmStreamStart } from './stream-warmup';

const MASTER = '/media/s/1767225600/1080/c2lnbmF0dXJl/videos/42/master.m3u8';

const master = [
  '#EXTM3U',
  '#EXT-X-VERSION:6',
  '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",URI="captions/en.m3u8"',
  '#EXT-X-STREAM-INF:BANDWIDTH=3200000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2"',
  '720p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=950000,AVERAGE-BANDWIDTH=900000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"',
  '360p/index.m3u8',
  '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,RESOLUTION=320x180,URI="iframes.m3u8"',
  '#EXT-X-STREAM-INF:BANDWIDTH=5600000,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2"',
  '1080p/index.m3u8',
  '',
].join('\n');

/** A `fetch` answering from a table of paths; every other path is a 404. */
function stubFetch(bodies: Record<string, string>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    const body = bodies[pathname];
    return body === undefined ? new Response('', { status: 404 }) : new Response(body);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const fetchedPaths = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);

describe('lowestVariantOf', () => {
  it('names the rendition playback starts with: the lowest picture, whatever the order', () => {
    expect(lowestVariantOf(master)).toBe('360p/index.m3u8');
  });

  it('takes the lower bit rate of two renditions of the same height', () => {
    const twoAt360 = [
      '#EXTM3U',
      '#EXT-X-STREAM-INF:BANDWIDTH=1400000,RESOLUTION=640x360',
      'high/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=700000,RESOLUTION=640x360',
      'low/index.m3u8',
    ].join('\r\n');
    expect(lowestVariantOf(twoAt360)).toBe('low/index.m3u8');
  });

  it('finds nothing in a media playlist', () => {
    expect(lowestVariantOf('#EXTM3U\n#EXTINF:4.0,\nseg_00000.ts\n#EXT-X-ENDLIST\n')).toBeNull();
  });
});

describe('warmStreamStart', () => {
  it("fetches the master playlist, then its lowest rendition's playlist beside it", async () => {
    const fetch = stubFetch({
      [MASTER]: master,
      [MASTER.replace('master.m3u8', '360p/index.m3u8')]: '#EXTM3U\n',
    });
    await warmStreamStart(MASTER);
    expect(fetchedPaths(fetch)).toEqual([MASTER, MASTER.replace('master.m3u8', '360p/index.m3u8')]);
  });

  it('gives up quietly when the master playlist cannot be read', async () => {
    const fetch = stubFetch({});
    await expect(warmStreamStart(MASTER)).resolves.toBeUndefined();
    expect(fetchedPaths(fetch)).toEqual([MASTER]);
  });
});

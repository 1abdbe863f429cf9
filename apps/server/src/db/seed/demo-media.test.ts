import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../../media/media-tools';
import { ffprobeJson } from '../../media/probe';
import { startTestServer, type TestServer } from '../../testing/app';
import { buildDemoCatalog } from './demo-catalog';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './demo';
import {
  DEMO_LINKS,
  NO_FFMPEG_MESSAGE,
  TINY_DEMO_MEDIA,
  demoCaptions,
  demoSourceDir,
  planDemoMedia,
  renderClips,
  type Look,
} from './demo-media';

const tools = { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' };

describe('demo media plan', () => {
  const catalog = buildDemoCatalog();
  const plan = planDemoMedia(catalog);

  it('streams the featured movies, then the most watched ones, and the first episodes of the featured show', () => {
    const movies = plan.streams.filter((stream) => !stream.episode);
    const episodes = plan.streams.filter((stream) => stream.episode);
    expect(movies).toHaveLength(5);
    expect(episodes).toHaveLength(3);
    const featured = catalog.banners.map((banner) => catalog.titles.find((t) => t.name === banner.title)!);
    for (const title of featured.filter((t) => t.type === 'movie')) {
      expect(movies.map((stream) => stream.title)).toContain(title.name);
    }
    const show = featured.find((title) => title.type === 'tvshow')!;
    expect(episodes.map((stream) => [stream.title, stream.episode])).toEqual([
      [show.name, { season_number: 1, episode_number: 1 }],
      [show.name, { season_number: 1, episode_number: 2 }],
      [show.name, { season_number: 1, episode_number: 3 }],
    ]);
    expect(plan.streams.filter((stream) => stream.large)).toHaveLength(1);
    expect(plan.streams.filter((stream) => stream.captions)).toHaveLength(1);
  });

  it('gives the link-only videos to other movies, and is the same every time', () => {
    expect(plan.links.map((link) => link.url)).toEqual(DEMO_LINKS.map((link) => link.url));
    const streamed = new Set(plan.streams.map((stream) => stream.title));
    for (const link of plan.links) expect(streamed.has(link.title)).toBe(false);
    expect(planDemoMedia(buildDemoCatalog())).toEqual(plan);
  });

  it('writes WebVTT captions that end within the stream', () => {
    const text = demoCaptions(8);
    expect(text.startsWith('WEBVTT\n\n')).toBe(true);
    expect(text).toContain('00:00:00.500 --> 00:00:04.000');
    expect(text).toContain('00:00:05.500 --> 00:00:08.000');
    expect(text).not.toContain('00:00:10');
  });
});

describe('demo seed with ffmpeg', () => {
  let server: TestServer;
  const log: string[] = [];
  let drained = 0;
  let member: { authorization: string };

  beforeAll(async () => {
    server = await startTestServer();
    await seedDemoIfEmpty(server.app.ctx, (line) => log.push(line), { media: TINY_DEMO_MEDIA });
    // Tests do not start the worker; run the queued transcodes here.
    drained = await server.app.jobs.drain();
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: DEMO_ACCOUNTS.member.email, password: DEMO_ACCOUNTS.member.password },
    });
    member = { authorization: `Bearer ${(login.json() as { data: { api_token: string } }).data.api_token}` };
  }, 300_000);
  afterAll(() => server.close());

  const db = () => server.app.ctx.db;
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });
  const details = async (id: number, headers: Record<string, string> = {}) => {
    const res = await get(`/api/v1/user/movie-details/${id}`, headers);
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: DetailData }).data;
  };
  interface Link {
    type: string;
    url: string;
  }
  interface DetailData {
    trailer_url: string;
    trailer_url_type: string;
    video_links: Link[];
    seasons?: {
      season_number: number;
      episodes: { id: number; episode_number: number; video_links: Link[] }[];
    }[];
  }

  it('logs the queued streams and no missing ffmpeg', () => {
    expect(log.join('\n')).toContain(
      'Demo streams: 8 videos queued for transcoding; they become playable as each finishes',
    );
    expect(log.join('\n')).toMatch(/5 trailers/);
    expect(log.some((line) => /not found/.test(line))).toBe(false);
  });

  it('gives every title a public MP4 trailer (H.264 and AAC), served from /media/trailers', async () => {
    const titles = await db().selectFrom('titles').select(['trailer_url', 'trailer_url_type']).execute();
    expect(titles.length).toBeGreaterThanOrEqual(80);
    const urls = new Set<string>();
    for (const title of titles) {
      expect(title.trailer_url).toMatch(/^\/media\/trailers\/[0-9a-f]{24}\.mp4$/);
      expect(title.trailer_url_type).toBe('url');
      urls.add(title.trailer_url);
    }
    expect(urls.size).toBe(5);
    for (const url of urls) {
      const file = path.join(server.config.dataDir, url.slice(1));
      expect(existsSync(file), url).toBe(true);
      const probe = await ffprobeJson(tools, file);
      expect(probe.streams?.map((stream) => stream.codec_name).sort()).toEqual(['aac', 'h264']);
      expect(Number(probe.format?.duration)).toBeCloseTo(TINY_DEMO_MEDIA.trailerSeconds, 0);
      const res = await get(url, { range: 'bytes=0-99' });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-type']).toMatch(/^video\/mp4/);
    }
  });

  it('queued the streams through the media service, and the worker made every one ready', async () => {
    expect(drained).toBe(8);
    const videos = await db()
      .selectFrom('videos')
      .select(['title_id', 'episode_id', 'kind', 'type', 'status', 'url', 'source_path', 'last_error'])
      .execute();
    const local = videos.filter((video) => video.type === 'hls');
    expect(local).toHaveLength(8);
    for (const video of local) {
      expect(video).toMatchObject({ kind: 'main', status: 'ready', last_error: null });
      expect(video.url).toMatch(/^\/media\/private\/videos\/[0-9]+\/master\.m3u8$/);
      expect(video.source_path!.startsWith(demoSourceDir(server.config))).toBe(true);
      // The server made these sources itself: they go once their stream is ready.
      expect(existsSync(video.source_path!)).toBe(false);
    }
    expect(local.filter((video) => video.episode_id !== null && video.title_id === null)).toHaveLength(3);
    const jobs = await db()
      .selectFrom('jobs')
      .select(['type', 'status'])
      .where('type', '=', 'transcode')
      .execute();
    expect(jobs).toHaveLength(8);
    expect(jobs.every((job) => job.type === 'transcode' && job.status === 'done')).toBe(true);
  });

  it('gives members a signed HLS link that plays, and visitors none', async () => {
    const streamed = await db()
      .selectFrom('videos')
      .select('title_id')
      .where('type', '=', 'hls')
      .where('title_id', 'is not', null)
      .execute();
    expect(streamed).toHaveLength(5);
    for (const { title_id } of streamed) {
      const visitor = await details(title_id!);
      expect(visitor.video_links).toEqual([]);
      expect(visitor.trailer_url).toMatch(/^\/media\/trailers\//);

      const own = await details(title_id!, member);
      expect(own.video_links).toHaveLength(1);
      const link = own.video_links[0]!;
      expect(link.type).toBe('hls');
      expect(link.url).toMatch(/^\/media\/s\/[0-9]+\/[A-Za-z0-9_-]{43}\/videos\/[0-9]+\/master\.m3u8$/);
      const master = await get(link.url);
      expect(master.statusCode).toBe(200);
      expect(master.body.startsWith('#EXTM3U')).toBe(true);
      const variant = master.body.split('\n').find((line) => line && !line.startsWith('#'))!;
      const playlistUrl = new URL(variant, `http://x${link.url}`).pathname;
      const playlist = await get(playlistUrl);
      expect(playlist.statusCode).toBe(200);
      const segment = playlist.body.split('\n').find((line) => line && !line.startsWith('#'))!;
      const bytes = await get(new URL(segment, `http://x${playlistUrl}`).pathname, { range: 'bytes=0-187' });
      expect(bytes.statusCode).toBe(206);
      expect(bytes.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    }
  });

  it('streams the first three episodes of a show, the first with a subtitles group', async () => {
    const [episode] = await db()
      .selectFrom('videos')
      .innerJoin('episodes', 'episodes.id', 'videos.episode_id')
      .innerJoin('seasons', 'seasons.id', 'episodes.season_id')
      .select('seasons.title_id')
      .where('videos.type', '=', 'hls')
      .execute();
    const show = await details(episode!.title_id, member);
    const season = show.seasons!.find((s) => s.season_number === 1)!;
    const withLinks = season.episodes.filter((e) => e.video_links.length > 0).map((e) => e.episode_number);
    expect(withLinks).toEqual([1, 2, 3]);
    const first = season.episodes.find((e) => e.episode_number === 1)!;
    const master = await get(first.video_links[0]!.url);
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en"');
    const captions = await get(new URL('subs/captions.vtt', `http://x${first.video_links[0]!.url}`).pathname);
    expect(captions.statusCode).toBe(200);
    expect(captions.body).toContain('These captions come from a WebVTT file.');
    const second = season.episodes.find((e) => e.episode_number === 2)!;
    expect((await get(second.video_links[0]!.url)).body).not.toContain('TYPE=SUBTITLES');

    const visitor = await details(episode!.title_id);
    for (const s of visitor.seasons!) for (const e of s.episodes) expect(e.video_links).toEqual([]);
  });

  it('gives the link-only titles their YouTube or Vimeo video', async () => {
    const links = await db()
      .selectFrom('videos')
      .select(['title_id', 'type', 'url', 'status'])
      .where('type', 'in', ['youtube', 'vimeo'])
      .orderBy('id')
      .execute();
    expect(links.map((link) => link.url)).toEqual(DEMO_LINKS.map((link) => link.url));
    for (const link of links) {
      const own = await details(link.title_id!, member);
      expect(own.video_links).toEqual([{ type: link.type, url: link.url }]);
      expect((await details(link.title_id!)).video_links).toEqual([]);
    }
  });
});

describe('demo seed without ffmpeg', () => {
  it('says so once and keeps the link-only titles, with no trailers and no streams', async () => {
    const server = await startTestServer({
      FFMPEG_PATH: '/nonexistent/ffmpeg',
      FFPROBE_PATH: '/nonexistent/ffprobe',
    });
    try {
      const log: string[] = [];
      await seedDemoIfEmpty(server.app.ctx, (line) => log.push(line), { media: TINY_DEMO_MEDIA });
      expect(log.filter((line) => /ffmpeg|ffprobe/i.test(line))).toEqual([NO_FFMPEG_MESSAGE]);
      expect(log.some((line) => line.startsWith('Demo streams'))).toBe(false);
      const db = server.app.ctx.db;
      const titles = await db.selectFrom('titles').select('trailer_url').execute();
      expect(titles.length).toBeGreaterThanOrEqual(80);
      expect(titles.every((title) => title.trailer_url === '')).toBe(true);
      const videos = await db.selectFrom('videos').select(['type', 'status']).execute();
      expect(videos.map((video) => video.type).sort()).toEqual(['vimeo', 'youtube', 'youtube']);
      expect(videos.every((video) => video.status === 'ready')).toBe(true);
      expect(await db.selectFrom('jobs').select('id').where('type', '=', 'transcode').execute()).toEqual([]);
      expect(existsSync(path.join(server.config.dataDir, 'media', 'trailers'))).toBe(false);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('demo clips with the npm-bundled ffmpeg (4.1) when the system has none', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'reeltime-demo-looks-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('renders every look of the demo', async () => {
    const { tools: bundled, sources } = resolveMediaTools({}, { PATH: work });
    expect(sources.ffmpeg).toBe('bundled');
    const looks: Look[] = [
      { kind: 'testsrc2' },
      { kind: 'bars', direction: 'h' },
      { kind: 'bars', direction: 'v' },
      { kind: 'fractal' },
      { kind: 'life', seed: 1, life: '0xffb238', death: '0x0b1330', mold: '0x2a5d9f' },
      { kind: 'cells', rule: 30, seed: 1, tint: [20, 60, 110] },
    ];
    const clips = looks.map((look, index) => ({
      recipe: {
        look,
        size: { width: 160, height: 90 },
        seconds: 2,
        loopSeconds: 1,
        tone: 440,
        container: 'mp4' as const,
      },
      file: path.join(work, `look-${index}.mp4`),
    }));
    await renderClips(bundled, clips, work);
    for (const clip of clips) {
      const probed = await ffprobeJson(bundled, clip.file);
      expect(probed.streams!.map((stream) => stream.codec_name).sort()).toEqual(['aac', 'h264']);
      expect(Number(probed.format!.duration)).toBeCloseTo(2, 0);
    }
  }, 60_000);
});

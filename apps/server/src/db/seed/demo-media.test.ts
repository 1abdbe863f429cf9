import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../../media/media-tools';
import { runTool } from '../../media/ffmpeg';
import { ffprobeJson } from '../../media/probe';
import { createIntroSuggestionService } from '../../modules/intro-suggestions/intro-suggestions.service';
import { startTestServer, type TestServer } from '../../testing/app';
import { buildDemoCatalog } from './demo-catalog';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './demo';
import {
  DEMO_LINKS,
  EPISODE_OPENING,
  NO_FFMPEG_MESSAGE,
  TINY_DEMO_MEDIA,
  demoCaptions,
  demoSourceDir,
  planDemoMedia,
  renderClips,
  type DemoTarget,
  type Look,
} from './demo-media';

const tools = { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' };

describe('demo media plan', () => {
  const catalog = buildDemoCatalog();
  const plan = planDemoMedia(catalog);
  const key = (target: DemoTarget) =>
    target.episode
      ? `${target.title} ${target.episode.season_number}x${target.episode.episode_number}`
      : target.title;
  const featured = [...catalog.banners]
    .sort((a, b) => a.position - b.position)
    .map((banner) => catalog.titles.find((title) => title.name === banner.title)!);
  const streamOf = (target: string) =>
    plan.streams.find((stream) => stream.targets.some((t) => key(t) === target));

  it('gives every movie but the link-only ones and every episode of every show one stream, from eight clips', () => {
    const linked = new Set(plan.links.map((link) => link.title));
    const movies = catalog.titles.filter((t) => t.type === 'movie' && !linked.has(t.name)).map((t) => t.name);
    const episodes = catalog.titles.flatMap((show) =>
      show.seasons.flatMap((season) =>
        season.episodes.map((episode) => `${show.name} ${season.season_number}x${episode.episode_number}`),
      ),
    );
    expect(episodes.length).toBeGreaterThan(40);
    const targets = plan.streams.flatMap((stream) => stream.targets.map(key));
    expect([...targets].sort()).toEqual([...movies, ...episodes].sort());

    expect(plan.streams).toHaveLength(8);
    const forEpisodes = plan.streams.filter((stream) => stream.targets.every((target) => target.episode));
    const forMovies = plan.streams.filter((stream) => stream.targets.every((target) => !target.episode));
    expect([forMovies.length, forEpisodes.length]).toEqual([5, 3]);
    expect(new Set(plan.streams.map((stream) => JSON.stringify(stream.look))).size).toBe(8);
    // The episodes' clips open with the series' jingle; the movies' do not.
    expect(forEpisodes.every((stream) => stream.opening)).toBe(true);
    expect(forMovies.some((stream) => stream.opening)).toBe(false);
  });

  it('queues first the streams of the featured titles, in banner order (a show by its first episode)', () => {
    const needed = featured.map((title) => (title.type === 'movie' ? title.name : `${title.name} 1x1`));
    const queuedFirst = [...new Set(needed.map((target) => streamOf(target)!))];
    expect(plan.streams.slice(0, queuedFirst.length)).toEqual(queuedFirst);
    expect(key(plan.streams[0]!.targets[0]!)).toBe(needed[0]);
    // The first featured movie's ladder reaches 1080p.
    const firstMovie = featured.find((title) => title.type === 'movie')!;
    expect(plan.streams.filter((stream) => stream.large)).toEqual([streamOf(firstMovie.name)]);
    const show = featured.find((title) => title.type === 'tvshow')!;
    // The first featured movie and the featured show's first episode have two languages, among the first transcoded.
    const bilingual = [streamOf(`${show.name} 1x1`), streamOf(firstMovie.name)];
    expect(plan.streams.filter((stream) => stream.captions)).toEqual(bilingual);
    expect(plan.streams.filter((stream) => stream.dub)).toEqual(bilingual);
    expect(plan.streams.slice(0, 2)).toEqual(bilingual);
    expect(bilingual.map((stream) => stream!.dub!.language)).toEqual(['hi', 'es']);
    // Neighbouring episodes look different.
    expect(streamOf(`${show.name} 1x2`)).not.toBe(streamOf(`${show.name} 1x1`));
  });

  it('gives the link-only videos to other movies, and is the same every time', () => {
    expect(plan.links.map((link) => link.url)).toEqual(DEMO_LINKS.map((link) => link.url));
    for (const link of plan.links) expect(streamOf(link.title)).toBeUndefined();
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
    expect(log.join('\n')).toMatch(
      /Demo streams: 8 clips queued for transcoding, shared by \d{3} movies and episodes; each plays as soon as its lowest rendition is ready/,
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

  it('queued eight clips through the media service, and every video sharing them became ready', async () => {
    expect(drained).toBe(8);
    const videos = await db()
      .selectFrom('videos')
      .select(['id', 'title_id', 'episode_id', 'kind', 'type', 'status', 'url', 'source_path', 'last_error'])
      .where('type', '=', 'hls')
      .execute();
    const imported = videos.filter((video) => video.source_path !== null);
    expect(imported).toHaveLength(8);
    for (const video of imported) {
      expect(video.url).toBe(`/media/private/videos/${video.id}/master.m3u8`);
      expect(video.source_path!.startsWith(demoSourceDir(server.config))).toBe(true);
      // The server made these sources itself: they go once their stream is ready.
      expect(existsSync(video.source_path!)).toBe(false);
    }
    const trees = new Set(imported.map((video) => video.url));
    expect(videos.length).toBeGreaterThan(100);
    for (const video of videos) {
      expect(video).toMatchObject({ kind: 'main', status: 'ready', last_error: null });
      expect(trees.has(video.url)).toBe(true);
      // An episode's video belongs to the episode only.
      expect(video.title_id === null).toBe(video.episode_id !== null);
    }
    const jobs = await db()
      .selectFrom('jobs')
      .select(['type', 'status'])
      .where('type', '=', 'transcode')
      .execute();
    expect(jobs).toHaveLength(8);
    expect(jobs.every((job) => job.status === 'done')).toBe(true);
  });

  it('plays a full video of every movie and every episode for the member with a plan, and none for visitors', async () => {
    const played = new Map<string, boolean>();
    /** Whether a signed master, its first rendition playlist and first segment load (once per tree). */
    const plays = async (url: string) => {
      // By the video's folder: a signature's expiry moves on by the hour, so the same tree can be
      // signed twice during the test.
      const tree = /\/videos\/\d+\//.exec(url)?.[0] ?? url;
      if (played.has(tree)) return played.get(tree)!;
      const master = await get(url);
      const variant = master.body.split('\n').find((line) => line && !line.startsWith('#'));
      let ok = master.statusCode === 200 && variant !== undefined;
      if (ok) {
        const playlistUrl = new URL(variant!, `http://x${url}`).pathname;
        const playlist = await get(playlistUrl);
        const segment = playlist.body.split('\n').find((line) => line && !line.startsWith('#'));
        const bytes = segment
          ? await get(new URL(segment, `http://x${playlistUrl}`).pathname, { range: 'bytes=0-187' })
          : undefined;
        ok = playlist.statusCode === 200 && bytes?.statusCode === 206 && bytes.rawPayload[0] === 0x47;
      }
      played.set(tree, ok);
      return ok;
    };
    const linked = new Map<string, string>(DEMO_LINKS.map((link) => [link.url, link.type]));
    const titles = await db().selectFrom('titles').select(['id', 'type', 'name']).execute();
    let episodes = 0;
    for (const title of titles) {
      const own = await details(title.id, member);
      const visitor = await details(title.id);
      expect(visitor.video_links, title.name).toEqual([]);
      if (title.type === 'movie') {
        expect(own.video_links, title.name).toHaveLength(1);
        const link = own.video_links[0]!;
        if (linked.has(link.url)) expect(link.type).toBe(linked.get(link.url));
        else {
          expect(link.url).toMatch(/^\/media\/s\/.+\/videos\/[0-9]+\/master\.m3u8$/);
          expect(await plays(link.url), title.name).toBe(true);
        }
        continue;
      }
      expect(own.seasons!.length, title.name).toBeGreaterThan(0);
      for (const season of own.seasons!) {
        for (const episode of season.episodes) {
          const where = `${title.name} ${season.season_number}x${episode.episode_number}`;
          expect(episode.video_links, where).toHaveLength(1);
          expect(episode.video_links[0]!.type).toBe('hls');
          expect(await plays(episode.video_links[0]!.url), where).toBe(true);
          episodes++;
        }
      }
      for (const season of visitor.seasons!)
        for (const e of season.episodes) expect(e.video_links).toEqual([]);
    }
    expect(episodes).toBeGreaterThan(40);
    expect(played.size).toBe(8);
  });

  it('gives the featured show’s first episode a subtitles group, and its second another clip without', async () => {
    const catalog = buildDemoCatalog();
    const show = catalog.banners
      .map((banner) => catalog.titles.find((title) => title.name === banner.title)!)
      .find((title) => title.type === 'tvshow')!;
    const { id } = await db()
      .selectFrom('titles')
      .select('id')
      .where('name', '=', show.name)
      .executeTakeFirstOrThrow();
    const season = (await details(id, member)).seasons!.find((s) => s.season_number === 1)!;
    const [first, second] = [1, 2].map((n) => season.episodes.find((e) => e.episode_number === n)!);
    const master = await get(first!.video_links[0]!.url);
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en"');
    const captions = await get(
      new URL('subs/captions.vtt', `http://x${first!.video_links[0]!.url}`).pathname,
    );
    expect(captions.statusCode).toBe(200);
    expect(captions.body).toContain('These captions come from a WebVTT file.');
    expect(second!.video_links[0]!.url).not.toBe(first!.video_links[0]!.url);
    expect((await get(second!.video_links[0]!.url)).body).not.toContain('TYPE=SUBTITLES');
  });

  it('gives the featured show’s first episode and the first featured movie two audio and two subtitle languages', async () => {
    const catalog = buildDemoCatalog();
    const featured = catalog.banners.map((banner) =>
      catalog.titles.find((title) => title.name === banner.title)!,
    );
    const idOf = async (name: string) =>
      (await db().selectFrom('titles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const show = featured.find((title) => title.type === 'tvshow')!;
    const movie = featured.find((title) => title.type === 'movie')!;
    const episode = (await details(await idOf(show.name), member))
      .seasons!.find((s) => s.season_number === 1)!
      .episodes.find((e) => e.episode_number === 1)!;
    const links = [
      { url: episode.video_links[0]!.url, second: 'hi', label: 'हिन्दी', line: 'पैटर्न पर एक स्थिर स्वर बजता है।' },
      {
        url: (await details(await idOf(movie.name), member)).video_links[0]!.url,
        second: 'es',
        label: 'Español',
        line: 'Un tono constante suena sobre el patrón.',
      },
    ];
    for (const { url, second, label, line } of links) {
      const master = (await get(url)).body;
      const media = master.split('\n').filter((text) => text.startsWith('#EXT-X-MEDIA:'));
      const languages = (type: string) =>
        media
          .filter((text) => text.includes(`TYPE=${type}`))
          .map((text) => /LANGUAGE="([^"]+)"/.exec(text)![1]);
      expect(languages('AUDIO')).toEqual(['en', second]);
      expect(languages('SUBTITLES').sort()).toEqual(['en', second].sort());
      expect(master).toContain(
        '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",DEFAULT=YES',
      );
      expect(master).toContain(`NAME="${label}",LANGUAGE="${second}",DEFAULT=NO,AUTOSELECT=YES,URI="audio/`);
      for (const variant of master.split('\n').filter((text) => text.startsWith('#EXT-X-STREAM-INF:'))) {
        expect(variant).toContain('AUDIO="aud"');
        expect(variant).toContain('SUBTITLES="subs"');
      }
      // The second language's audio rendition and captions load through the same signed link.
      const audioUri = /TYPE=AUDIO[^\n]*URI="([^"]+)"/.exec(master)![1]!;
      const audio = await get(new URL(audioUri, `http://x${url}`).pathname);
      expect(audio.statusCode).toBe(200);
      expect(audio.body).toContain('#EXT-X-ENDLIST');
      const subsUri = new RegExp(`TYPE=SUBTITLES[^\\n]*LANGUAGE="${second}"[^\\n]*URI="([^"]+)"`).exec(
        master,
      )![1]!;
      const subsPath = new URL(subsUri, `http://x${url}`).pathname;
      const vtt = (await get(subsPath)).body.split('\n').find((text) => text.endsWith('.vtt'))!;
      const captions = await get(new URL(vtt, `http://x${subsPath}`).pathname);
      expect(captions.body).toContain(line);
    }
  });

  it('suggests the jingle as the intro of the featured show’s first season, from the transcoded streams', async () => {
    const catalog = buildDemoCatalog();
    const show = catalog.banners
      .map((banner) => catalog.titles.find((title) => title.name === banner.title)!)
      .find((title) => title.type === 'tvshow')!;
    const season = await db()
      .selectFrom('seasons')
      .innerJoin('titles', 'titles.id', 'seasons.title_id')
      .select('seasons.id')
      .where('titles.name', '=', show.name)
      .where('seasons.season_number', '=', 1)
      .executeTakeFirstOrThrow();
    const suggestions = createIntroSuggestionService(server.app.ctx);
    const run = await suggestions.start(season.id);
    await server.app.jobs.runJob(run.job_id!);
    const done = await suggestions.latest(season.id);
    expect(done.state).toBe('done');
    const { coldOpenSeconds, jingleSeconds } = EPISODE_OPENING;
    // The tiny clips end before the jingle does.
    const end = Math.min(coldOpenSeconds + jingleSeconds, TINY_DEMO_MEDIA.streamSeconds);
    expect(done.episodes.length).toBeGreaterThanOrEqual(2);
    for (const { suggestion } of done.episodes) {
      expect(Math.abs(suggestion!.start - coldOpenSeconds)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(suggestion!.end - end)).toBeLessThanOrEqual(0.5);
    }
  });

  it('gives the link-only titles their YouTube, Vimeo or Dailymotion video', async () => {
    const links = await db()
      .selectFrom('videos')
      .select(['title_id', 'type', 'url', 'status'])
      .where('type', 'in', ['youtube', 'vimeo', 'dailymotion'])
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
      expect(videos.map((video) => video.type).sort()).toEqual(['dailymotion', 'vimeo', 'youtube']);
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

describe('demo episode clips', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'reeltime-demo-jingle-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('open with the same jingle after a cold open of their own tone, and differ elsewhere', async () => {
    const clips = [220, 277.18].map((tone, index) => ({
      recipe: {
        look: { kind: 'testsrc2' } as const,
        size: { width: 160, height: 90 },
        seconds: 12,
        loopSeconds: 1,
        tone,
        container: 'mkv' as const,
        opening: true as const,
      },
      file: path.join(work, `episode-${index}.mkv`),
    }));
    await renderClips(tools, clips, work);
    const rate = 8000;
    const pcm = await Promise.all(
      clips.map((clip) =>
        runTool(
          'ffmpeg',
          ['-v', 'error', '-i', clip.file, '-ac', '1', '-ar', String(rate), '-f', 's16le', 'pipe:1'],
          {
            captureStdout: true,
          },
        ),
      ),
    );
    const part = (audio: Buffer, from: number, to: number) =>
      audio.subarray(Math.round(from * rate) * 2, Math.round(to * rate) * 2);
    const { coldOpenSeconds, jingleSeconds } = EPISODE_OPENING;
    const jingle = [coldOpenSeconds + 0.2, coldOpenSeconds + jingleSeconds - 0.2] as const;
    expect(part(pcm[0]!, ...jingle).equals(part(pcm[1]!, ...jingle))).toBe(true);
    expect(part(pcm[0]!, 0, coldOpenSeconds - 0.2).equals(part(pcm[1]!, 0, coldOpenSeconds - 0.2))).toBe(
      false,
    );
    expect(part(pcm[0]!, 10, 11.8).equals(part(pcm[1]!, 10, 11.8))).toBe(false);
  }, 60_000);
});

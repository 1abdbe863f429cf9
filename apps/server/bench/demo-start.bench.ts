/**
 * Time to the first demo stream: `npm run bench:demo-start`.
 *
 * Starts the real server on a fresh data folder with the demo seed on (as `rm -rf data && npm
 * start` does, without rebuilding the web app), signs in as the demo member, and polls the first
 * featured title (the first banner; a show by its first episode) until its details give a video
 * link whose master playlist, first rendition playlist and first segment load. Prints the seconds
 * since /healthz first answered. BENCH_SERVER_DIR times another checkout's server (see
 * support/server-process.ts).
 *
 * Loopback only; the data folder is removed at the end.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startServerProcess } from './support/server-process';

const DEMO_MEMBER = { email: 'member@reeltime.local', password: 'member123' };
/** Seeding makes the artwork, trailers and stream sources before the server listens. */
const START_TIMEOUT_MS = 10 * 60_000;
const PLAYABLE_TIMEOUT_MS = 10 * 60_000;
const POLL_MS = 200;

interface Link {
  url: string;
}
interface Details {
  name: string;
  video_links: Link[];
  seasons?: Array<{ episodes: Array<{ name: string; video_links: Link[] }> }>;
}

const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
const firstUri = (playlist: string) => playlist.split('\n').find((line) => line && !line.startsWith('#'));

async function main(): Promise<void> {
  const spawned = performance.now();
  const server = await startServerProcess(
    { NODE_ENV: 'development', SEED_DEMO: 'true' },
    { startTimeoutMs: START_TIMEOUT_MS },
  );
  const answered = performance.now();
  console.log(`/healthz first answered ${seconds(spawned)} s after the start (demo seeded before it)`);
  try {
    const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
      const res = await fetch(`${server.baseUrl}/api/v1${path}`, init);
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      return ((await res.json()) as { data: T }).data;
    };
    const { api_token: token } = await api<{ api_token: string }>('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_MEMBER),
    });
    const [banner] = await api<Array<{ data: { id: number; name: string } }>>('/user/banners');
    if (!banner) throw new Error('the demo has no banners');

    /** The link a member would press play on, once the full video plays; undefined before. */
    const playable = async (): Promise<{ what: string; variant: string } | undefined> => {
      const details = await api<Details>(`/user/movie-details/${banner.data.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const episode = details.seasons?.[0]?.episodes[0];
      const link = (episode ?? details).video_links[0];
      if (!link) return undefined;
      const text = (url: string) => fetch(url).then((res) => (res.ok ? res.text() : ''));
      const masterUrl = new URL(link.url, server.baseUrl).href;
      const variant = firstUri(await text(masterUrl));
      if (!variant) return undefined;
      const playlistUrl = new URL(variant, masterUrl).href;
      const segment = firstUri(await text(playlistUrl));
      if (!segment) return undefined;
      const head = await fetch(new URL(segment, playlistUrl), { headers: { range: 'bytes=0-187' } });
      if (!head.ok || new Uint8Array(await head.arrayBuffer())[0] !== 0x47) return undefined; // MPEG-TS sync byte
      return { what: episode ? `${details.name}, ${episode.name}` : details.name, variant };
    };

    for (;;) {
      const found = await playable();
      if (found) {
        console.log(
          `First demo stream playable ${seconds(answered)} s after /healthz first answered ` +
            `(${found.what}: ${found.variant})`,
        );
        return;
      }
      if (performance.now() - answered > PLAYABLE_TIMEOUT_MS) throw new Error('no playable stream in time');
      await sleep(POLL_MS);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

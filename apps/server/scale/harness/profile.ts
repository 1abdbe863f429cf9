/**
 * How long and how hard the scale suites run. `npm run test:scale` runs the full form;
 * `SCALE_PROFILE=ci` (what CI runs) a shortened one that still exercises every path.
 */
const ci = process.env.SCALE_PROFILE === 'ci';

export const profile = {
  name: ci ? 'ci' : 'full',
  /** Seconds of client load around each kill or restart. */
  loadSeconds: ci ? 6 : 20,
  /** Concurrent clients for load under faults. */
  clients: ci ? 8 : 24,
  /** Rounds of kill -9 of a SQLite server under concurrent writes. */
  sqliteRounds: ci ? 15 : 100,
  /** Clients writing to the SQLite server when it is killed. */
  sqliteClients: ci ? 6 : 8,
  /** Malformed requests sent by the bad-input suite (at least 1 000 either way). */
  badRequests: ci ? 1000 : 3000,
  /** The clip a worker is killed transcoding: long enough that the kill lands mid-transcode. */
  workerKillClip: ci ? { seconds: 24, width: 1280, height: 720 } : { seconds: 40, width: 1280, height: 720 },
} as const;

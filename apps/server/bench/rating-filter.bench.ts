/**
 * What the maturity filter costs the catalog's queries:
 * `npm run bench:rating-filter [-- --titles 100000 --runs 15 --postgres URL]`.
 *
 * Seeds a synthetic catalog (ratings spread evenly over the default scale) into a temporary
 * DATA_DIR (SQLite) or a fresh temporary database (PostgreSQL), then times every browse row, a
 * deep page of the movie list and the search tiers through their repositories, one caller at a
 * time, without a filter and as profiles limited to U/A 13+ and U/A 7+. Prints the median of
 * `--runs` runs of each. No HTTP and no cache: the SQL alone, which bench:api measures behind the
 * server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_CONTENT_RATING_SCALE, type RowName } from '@reeltime/contract';
import { chooseFileStore } from '../src/adapters/storage/choose-file-store';
import { loadConfig } from '../src/config';
import { createDb, migrateToLatest } from '../src/db/connection';
import { seedSyntheticCatalog } from '../src/db/seed/synthetic';
import { DAY_MS, isoDay } from '../src/lib/time';
import { ratingFilter } from '../src/modules/catalog/rating-scale';
import { RECENT_VIEW_DAYS } from '../src/modules/catalog/catalog.service';
import { parseSearchText } from '../src/modules/search/search-text';
import { createSearchRepository } from '../src/modules/search/search.repository';
import { createCatalogRepository } from '../src/modules/titles/catalog.repository';
import type { RatingFilter } from '../src/modules/titles/rating-filter';
import { table } from './support/table';
import { temporaryPostgres } from './support/temporary-postgres';

const { values: args } = parseArgs({
  options: {
    titles: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '15' },
    postgres: { type: 'string' },
  },
});
const titles = Number(args.titles);
const runs = Math.max(1, Math.round(Number(args.runs)));
if (!Number.isFinite(titles) || titles < 1) throw new Error('--titles must be a number');

const ROWS: RowName[] = ['popular', 'latest', 'topChannels', 'free', 'mostLiked', 'mostViewed'];
/** The queries of bench:api's search box, one with a typo. */
const SEARCHES = [
  'midnight',
  'lantern',
  'crimson harbour',
  'midnigt lantern',
  'the saffron',
  'observatory of',
];
const FILTERS: Array<[string, RatingFilter]> = [
  ['no limit', null],
  ['U/A 13+', ratingFilter(DEFAULT_CONTENT_RATING_SCALE, 'U/A 13+')],
  ['U/A 7+', ratingFilter(DEFAULT_CONTENT_RATING_SCALE, 'U/A 7+')],
];

/** Median milliseconds of `runs` runs, after one unmeasured run. */
async function median(run: () => Promise<unknown>): Promise<string> {
  await run();
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!.toFixed(2);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-bench-'));
  const cleanups: Array<() => Promise<unknown>> = [
    async () => rmSync(dataDir, { recursive: true, force: true }),
  ];
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    };
    delete env.DATABASE_URL;
    if (args.postgres) {
      const database = await temporaryPostgres(args.postgres);
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
    }
    const config = loadConfig(env);
    const { db, dialect } = createDb(config.databaseUrl);
    cleanups.push(() => db.destroy());
    console.log(`Seeding ${titles} synthetic titles (${dialect}) in ${dataDir}`);
    await migrateToLatest(db);
    await seedSyntheticCatalog(db, dialect, await chooseFileStore(config), { titles });

    const catalog = createCatalogRepository(db, dialect);
    const search = createSearchRepository(db, dialect);
    const since = isoDay(Date.now() - (RECENT_VIEW_DAYS - 1) * DAY_MS);
    const firstPage = { limit: 20, offset: 0 };
    const reads: Array<[string, (rating: RatingFilter) => Promise<unknown>]> = [
      ...ROWS.map((name): [string, (rating: RatingFilter) => Promise<unknown>] => [
        `row ${name}`,
        (rating) => catalog.row(name, firstPage, since, rating),
      ]),
      ['every movie, page 51', (rating) => catalog.list({}, { limit: 20, offset: 1000 }, rating)],
      ...SEARCHES.map((query): [string, (rating: RatingFilter) => Promise<unknown>] => {
        const text = parseSearchText(query)!;
        // Every tier, as a search that finds too little in the first ones asks them all.
        return [
          `search tiers "${query}"`,
          async (rating) => {
            await search.prefix(text, 20, rating);
            await search.nameMatches(text, 20, rating);
            await search.anywhereMatches(text, 20, rating);
            await search.typoCandidates(text, 200, true, rating);
          },
        ];
      }),
    ];
    const rows = [['read (median ms)', ...FILTERS.map(([name]) => name)]];
    for (const [name, read] of reads) {
      const cells = [name];
      for (const [, rating] of FILTERS) cells.push(await median(() => read(rating)));
      rows.push(cells);
    }
    console.log(`\n${dialect}, ${titles} titles, median of ${runs} runs, one caller\n\n${table(rows)}`);
  } finally {
    for (const step of cleanups.reverse()) await step().catch(() => {});
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

import { parseArgs } from 'node:util';
import { chooseFileStore } from '../../adapters/storage/choose-file-store';
import { loadConfig } from '../../config';
import { createDb, migrateToLatest } from '../connection';
import { seedSyntheticCatalog } from './synthetic';

/**
 * `npm run seed -- --titles 100000 [--reset]`: fills the database named by DATA_DIR / DATABASE_URL
 * with a synthetic catalog for load tests.
 */
const USAGE = `Usage: npm run seed -- [--titles N] [--reset] [--seed N]

  --titles N   how many synthetic titles to add (default 100000)
  --reset      delete the existing catalog (titles, people, genres and their rows) first
  --seed N     PRNG seed, for a different but still repeatable catalog (default 1000003)

The database is the one the server uses: DATABASE_URL, else DATA_DIR/reeltime.sqlite.`;

class UsageError extends Error {}

function positiveInteger(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new UsageError(`--${name} must be a whole number, got "${value}"`);
  return parsed;
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        titles: { type: 'string' },
        reset: { type: 'boolean', default: false },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const titles = positiveInteger(values.titles, 'titles', 100_000);
  const seed = positiveInteger(values.seed, 'seed', 1_000_003);

  const config = loadConfig();
  const { db, dialect } = createDb(config.databaseUrl);
  try {
    await migrateToLatest(db);
    console.log(
      `Seeding ${titles} synthetic titles into ${dialect === 'sqlite' ? config.databaseUrl : 'PostgreSQL'}`,
    );
    const result = await seedSyntheticCatalog(db, dialect, await chooseFileStore(config), {
      titles,
      reset: values.reset,
      seed,
      log: (line) => console.log(`  ${line}`),
    });
    console.log(
      `Done: ${result.movies} movies, ${result.shows} TV shows, ${result.people} people, ${result.rows} rows ` +
        `in ${(result.elapsedMs / 1000).toFixed(1)}s`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof UsageError) console.error(`\n${USAGE}`);
  process.exit(1);
});

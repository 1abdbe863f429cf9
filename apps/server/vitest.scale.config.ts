import { defineConfig } from 'vitest/config';

/**
 * `npm run test:scale`: suites that start the site as real OS processes (`npm run start:cluster`
 * with its API and BullMQ workers, PostgreSQL, Redis, SQLite servers) and print what they
 * measure. One file at a time: each loads the machine on its own.
 */
export default defineConfig({
  test: {
    name: 'scale',
    root: import.meta.dirname,
    include: ['scale/**/*.scale.test.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
    reporters: ['verbose'],
  },
});

import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The server suite: Node alone, on SQLite, or on PostgreSQL when TEST_DATABASE_URL is set. Files
 * named `*.services.test.ts` need PostgreSQL and Redis and belong to vitest.services.config.ts.
 */
export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'src/**/*.services.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

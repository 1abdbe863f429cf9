import { defineConfig } from 'vitest/config';

/**
 * The server's tests that need PostgreSQL, Redis or S3 (`*.services.test.ts`), run by
 * `npm run test:services` with TEST_DATABASE_URL, TEST_REDIS_URL and TEST_S3_URL set; every server must answer
 * before any of them starts.
 */
export default defineConfig({
  test: {
    name: 'server-services',
    root: import.meta.dirname,
    include: ['src/**/*.services.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['src/testing/services-ready.ts'],
  },
});

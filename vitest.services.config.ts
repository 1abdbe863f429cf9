import { defineConfig } from 'vitest/config';

/**
 * `npm run test:services` (scripts/test-services.mjs): the suites that need servers, run with the
 * servers' URLs in the environment. The server suite runs here again on PostgreSQL.
 */
export default defineConfig({
  test: {
    projects: ['apps/server/vitest.config.ts', 'apps/server/vitest.services.config.ts'],
  },
});

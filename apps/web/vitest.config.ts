import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineProject({
  root,
  plugins: [react()],
  // The contract's browser entry, as in the build: endpoint groups carry methods and paths only.
  resolve: { conditions: ['browser'] },
  css: {
    preprocessorOptions: {
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Beside src: tests of the build's own plugins (lazy-import-preloads.ts).
    include: ['src/**/*.test.{ts,tsx}', '*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
    env: { VITE_APP_NAME: 'Reeltime' },
  },
});

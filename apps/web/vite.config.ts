import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { firstLoadScript } from './first-load-script';
import { lazyImportPreloads } from './lazy-import-preloads';
import { routePreloads } from './route-preloads';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, root, 'VITE_');
  const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
  const lazyPreloads = lazyImportPreloads();
  return {
    root,
    plugins: [
      react(),
      routePreloads(),
      firstLoadScript(),
      lazyPreloads.plugin,
      {
        // __APP_NAME__ in index.html is VITE_APP_NAME, or the product name when it is unset.
        name: 'reeltime-app-name',
        transformIndexHtml: (html: string) =>
          html.replaceAll('__APP_NAME__', env.VITE_APP_NAME || 'Reeltime'),
      },
    ],
    server: {
      port: 5173,
      proxy: {
        '/api': { target: apiTarget, changeOrigin: true },
        '/media': { target: apiTarget, changeOrigin: true },
      },
    },
    preview: {
      proxy: {
        '/api': { target: apiTarget, changeOrigin: true },
        '/media': { target: apiTarget, changeOrigin: true },
      },
    },
    css: {
      preprocessorOptions: {
        scss: {
          // Bootstrap 5.3 still uses @import and global Sass functions inside its own files; those
          // warnings are not ours. Ours are shown: the app's stylesheets are Sass modules, and the
          // one @import left is the Bootstrap entry (src/styles/_bootstrap-theme.scss).
          quietDeps: true,
        },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      modulePreload: { resolveDependencies: lazyPreloads.resolveDependencies },
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          advancedChunks: {
            groups: [
              // React, React DOM and the scheduler in one chunk: left to itself the bundler
              // splits it into several small shared chunks once a page loads code of its own
              // later (the sign-in form's validation), each costing a request and some bytes.
              { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              // The router apart from the app's own code: the boot module evaluates each of the
              // entry's chunks in a task of its own (decision 0054).
              { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
            ],
          },
        },
        treeshake: {
          // The contract's modules only declare schemas and constants: an unused one can be dropped,
          // which keeps zod out of the landing and browse chunks (they only need Messages and paths).
          moduleSideEffects: (id: string) =>
            /[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id) ? false : undefined,
        },
      },
    },
  };
});

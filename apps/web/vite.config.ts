import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, root, 'VITE_');
  const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
  return {
    root,
    plugins: [
      react(),
      {
        // %VITE_APP_NAME% in index.html falls back to the product name when the variable is unset.
        name: 'reeltime-default-app-name',
        transformIndexHtml: (html: string) =>
          html.replaceAll('%VITE_APP_NAME%', env.VITE_APP_NAME || 'Reeltime'),
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
          // Bootstrap 5.3 still uses @import and global Sass functions; its own warnings are not ours.
          quietDeps: true,
          silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
        },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      chunkSizeWarningLimit: 600,
    },
  };
});

/**
 * `npm run build -w @reeltime/server`: bundles each entry point of scripts/entry-points.mjs into
 * dist/ as one ES module for Node. The contract package (TypeScript sources) and the server's own
 * modules are inlined; every other package stays an import, loaded from node_modules at run time
 * (native modules, and packages that find their own files, keep working). Types are checked
 * separately (`npm run typecheck`).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { entryPoints } from './entry-points.mjs';

const serverDir = path.resolve(import.meta.dirname, '..');
const outdir = path.join(serverDir, 'dist');
const INLINED_PACKAGES = /^(@reeltime\/|kysely$)/;

/** Bare imports (`fastify`, `node:fs`) stay imports, except the workspace's own packages. */
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      INLINED_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: serverDir,
  entryPoints: entryPoints.map(({ source, bundle }) => ({ in: source, out: bundle.replace(/\.js$/, '') })),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  // Modules loaded on demand (BullMQ with REDIS_URL) become chunks of their own.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [keepPackagesExternal],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(
  `server: ${entryPoints.length} entry points bundled into ${path.relative(process.cwd(), outdir) || '.'}/ ` +
    `(${(bytes / 1024).toFixed(0)} KiB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

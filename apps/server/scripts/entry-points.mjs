/**
 * The server's entry points: `npm run build` bundles each source into dist/, and
 * scripts/run-entry.mjs runs one by its name. A new command is one more line here.
 */
export const entryPoints = [
  { name: 'main', source: 'src/main.ts', bundle: 'main.js' },
  { name: 'worker', source: 'src/worker.ts', bundle: 'worker.js' },
  { name: 'start-cluster', source: 'src/cluster/start-cluster.ts', bundle: 'start-cluster.js' },
  // Forked by the worker for its media lane (src/lib/server-files.ts finds it next to worker.js).
  {
    name: 'transcode-processor',
    source: 'src/jobs/bullmq-transcode-processor.ts',
    bundle: 'bullmq-transcode-processor.js',
  },
  { name: 'seed', source: 'src/db/seed/cli.ts', bundle: 'cli/seed.js' },
  { name: 'admin-create', source: 'src/cli/admin-create.ts', bundle: 'cli/admin-create.js' },
  { name: 'media-import', source: 'src/cli/media-import.ts', bundle: 'cli/media-import.js' },
  { name: 'media-migrate', source: 'src/cli/media-migrate.ts', bundle: 'cli/media-migrate.js' },
  { name: 'backup', source: 'src/cli/backup.ts', bundle: 'cli/backup.js' },
  { name: 'restore', source: 'src/cli/restore.ts', bundle: 'cli/restore.js' },
];

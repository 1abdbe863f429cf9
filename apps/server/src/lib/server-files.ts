/**
 * Where the server's own files are, whether it runs from its TypeScript sources (tsx, tests) or
 * from the bundles `npm run build` writes to dist/ (production). Each bundle inlines this module,
 * so there import.meta.url is the bundle's file (dist/main.js, dist/cli/admin-create.js…), at
 * whatever depth: paths are found from the package folder, never by counting `..`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const thisFile = fileURLToPath(import.meta.url);

function packageFolderOf(file: string): string {
  for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`no package.json above ${file}`);
  }
}

/** apps/server: the folder of the server's package.json. */
export const serverDir = packageFolderOf(thisFile);

/** True in the bundles of dist/, false when the TypeScript sources run. */
export const runsCompiled = thisFile.endsWith('.js');

/** The entry points other processes are started from (see scripts/entry-points.mjs). */
const ENTRY_POINTS = {
  main: { source: 'src/main.ts', bundle: 'dist/main.js' },
  worker: { source: 'src/worker.ts', bundle: 'dist/worker.js' },
  transcodeProcessor: {
    source: 'src/jobs/bullmq-transcode-processor.ts',
    bundle: 'dist/bullmq-transcode-processor.js',
  },
} as const;

export type EntryPoint = keyof typeof ENTRY_POINTS;

/** The absolute file of an entry point, in the same form (sources or bundles) as this process. */
export function entryPointFile(name: EntryPoint): string {
  const entry = ENTRY_POINTS[name];
  return path.join(serverDir, runsCompiled ? entry.bundle : entry.source);
}

/** The arguments of `node` that run a file: TypeScript sources need tsx's loader. */
export function nodeArgumentsFor(file: string): string[] {
  return file.endsWith('.ts') ? ['--import', 'tsx', file] : [file];
}

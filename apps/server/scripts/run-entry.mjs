/**
 * `node scripts/run-entry.mjs [--compiled] <entry> [arguments…]`: runs one of the entry points of
 * scripts/entry-points.mjs in this process. Its bundle from dist/ with --compiled or when
 * NODE_ENV=production (tsx is not installed there); otherwise its TypeScript source through tsx.
 * A missing build stops with one line saying how to make it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { entryPoints } from './entry-points.mjs';

const serverDir = path.resolve(import.meta.dirname, '..');
const fail = (line) => {
  console.error(line);
  process.exit(1);
};

const args = process.argv.slice(2);
const compiledFlag = args[0] === '--compiled';
if (compiledFlag) args.shift();
const [name, ...rest] = args;
const entry = entryPoints.find((one) => one.name === name);
if (!entry)
  fail(
    `run-entry: unknown entry point ${JSON.stringify(name)} (one of: ${entryPoints.map((one) => one.name).join(', ')})`,
  );

const compiled = compiledFlag || process.env.NODE_ENV === 'production';
let file;
if (compiled) {
  file = path.join(serverDir, 'dist', entry.bundle);
  if (!existsSync(file)) {
    fail(`${path.relative(process.cwd(), file)} is missing: run \`npm run build\` first`);
  }
} else {
  file = path.join(serverDir, entry.source);
  const { register } = await import('tsx/esm/api');
  register();
}
// The entry reads its own arguments from process.argv, as when node runs it directly.
process.argv = [process.argv[0], file, ...rest];
await import(pathToFileURL(file).href);

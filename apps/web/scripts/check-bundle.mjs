/**
 * Bundle budget of the member site: `npm run check:bundle [-- --root <web app folder> --verbose]`.
 *
 * Builds the web app in memory (nothing is written to dist) and, for `/` and `/browse`, adds up
 * the gzip -9 sizes of the JS a visitor's first load needs: the entry chunk, the page's route
 * chunk and everything they import statically. Fails when
 *  - any of those chunks holds a console module (src/features/admin/, except the few lines of
 *    route objects that lazy-load the console) or a console-only library (uPlot, tus-js-client), or
 *  - a page's initial JS grew by more than BUDGET_BYTES over BASELINE, the figures of commit
 *    d0b74a2 (the site before the console), measured with this script (`--root` on a copy of
 *    that commit's apps/web).
 * Prints the figures either way.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

/** Initial JS of d0b74a2, gzip -9 bytes. */
const BASELINE = { '/': 124_680, '/browse': 155_293 };
/**
 * 2 kB for what the site gained since, plus 1 kB taken by the typed hrefs of every page
 * (src/lib/paths.ts, about 0.5 kB) that every link now goes through, plus 0.5 kB for the banner
 * trailer's sound button, the card links to details and to the watch view, and the footer's
 * support address (about 0.4 kB together on /browse), plus 0.25 kB of chunk overhead since the
 * sign-in form's validation became a chunk of its own (zod, some 25 kB, left /login's first
 * load; the bundler's runtime and the contract's endpoint helper are now small shared chunks),
 * plus 0.75 kB for household profiles (decision 0039): the acting profile's name and avatar in
 * the header, the lazily loaded switcher of the account menu, the kids guard of the account pages
 * and the two profile routes (about 0.6 kB on /browse; the pages themselves load lazily), plus
 * 0.25 kB for noting the press on Play that playback-quality start times count from (decision
 * 0042, about 0.1 kB) and the page preloads' list lookups (decision 0044), plus 0.25 kB for the
 * personal rows' lazily loaded section and Popular Movies' own request on /browse (decision 0045),
 * plus 0.25 kB for the cards' preview trigger, which loads the preview on the first hover or focus
 * (decision 0046), plus 0.25 kB for audio languages in the media engine the banner shares (hls.js's
 * audio tracks and their menu entries), the Playback settings route and its account-menu item
 * (decision 0048; about 0.2 kB on /browse), plus 0.75 kB for the first views (decision 0049): the
 * entry takes the page's first view the server drew and draws it again until the page's code is
 * in (about 0.35 kB on / and /browse), and the browse banner draws its poster as an image and
 * mounts the trailer over it once both the poster and the page have loaded (about 0.3 kB on
 * /browse), plus 0.25 kB for the first load of decision 0051 (the API client takes the answer the
 * page's HTML already asked for, and the banner keeps the number the HTML picked it with) and the
 * sign-out's guard against a 401 to a read still on its way (together about 0.2 kB on /browse),
 * plus 0.5 kB for the app's start in steps (decision 0054): the router as a chunk of its own,
 * evaluated before the entry (about 0.5 kB on /browse, chunks compressed apart), plus 0.5 kB for
 * Play's start (decision 0041, refinement of 2026-11-29): a press on a card's link closes its
 * coming preview, the browse rows are added in a transition and not in the second after a press on
 * Play, whose note is now a chunk the browse page shares (about 0.35 kB on /browse).
 */
const BUDGET_BYTES = 7650;

const PAGES = {
  '/': 'src/features/landing/pages/landing-page.tsx',
  '/browse': 'src/features/browse/pages/browse-page.tsx',
};
const ALLOWED_ADMIN_MODULE = /src[\\/]features[\\/]admin[\\/]shell[\\/]admin-route-objects\.tsx$/;
const CONSOLE_ONLY = [
  /src[\\/]features[\\/]admin[\\/]/,
  /node_modules[\\/]uplot[\\/]/,
  /node_modules[\\/]tus-js-client[\\/]/,
];

const { values: args } = parseArgs({
  options: {
    root: { type: 'string', default: path.resolve(import.meta.dirname, '..') },
    /** Lists each page's chunks with their gzip size. */
    verbose: { type: 'boolean', default: false },
  },
});
const root = path.resolve(args.root);

const result = await build({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: { write: false, sourcemap: false, emptyOutDir: false },
});
const outputs = (Array.isArray(result) ? result : [result]).flatMap((output) => output.output);
const chunks = new Map(
  outputs.filter((item) => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]),
);

/** A chunk and every chunk it imports statically, recursively. */
function closure(chunk, seen = new Set()) {
  if (seen.has(chunk.fileName)) return seen;
  seen.add(chunk.fileName);
  for (const name of chunk.imports) {
    const imported = chunks.get(name);
    if (imported) closure(imported, seen);
  }
  return seen;
}

const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
if (!entry) throw new Error('the build has no entry chunk');

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const problems = [];
console.log(
  'Initial JS of the member site (gzip -9 of the entry, the route chunk and their static imports):',
);
for (const [page, routeModule] of Object.entries(PAGES)) {
  const route = [...chunks.values()].find((chunk) =>
    chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(routeModule),
  );
  if (!route) throw new Error(`no chunk for ${routeModule}`);
  const files = closure(route, closure(entry));
  let bytes = 0;
  for (const file of files) {
    const chunk = chunks.get(file);
    const gzip = gzipSync(chunk.code, { level: 9 }).length;
    bytes += gzip;
    if (args.verbose) console.log(`    ${file} ${gzip}`);
    for (const id of chunk.moduleIds ?? Object.keys(chunk.modules)) {
      if (ALLOWED_ADMIN_MODULE.test(id)) continue;
      if (CONSOLE_ONLY.some((pattern) => pattern.test(id))) {
        problems.push(`${page}: ${file} holds console code ${path.relative(root, id)}`);
      }
    }
  }
  const growth = bytes - BASELINE[page];
  const sign = growth >= 0 ? '+' : '−';
  console.log(
    `  ${page.padEnd(8)} ${kB(bytes).padStart(9)} in ${files.size} chunks; ${sign}${Math.abs(growth)} bytes over d0b74a2 (${kB(BASELINE[page])}), budget +${BUDGET_BYTES}`,
  );
  if (growth > BUDGET_BYTES)
    problems.push(`${page}: initial JS grew by ${growth} bytes, over the ${BUDGET_BYTES}-byte budget`);
}

if (problems.length > 0) {
  console.error(`\nBundle check failed:\n  ${[...new Set(problems)].join('\n  ')}`);
  process.exit(1);
}
console.log("No console module in the member site's initial JS; within the budget.");

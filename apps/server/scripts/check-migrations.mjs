#!/usr/bin/env node
// Shipped migrations never change: every migration file (and the dialect helpers they share) is
// listed with its SHA-256 in shipped.sha256, a list that only grows. This fails when a listed file
// changed or disappeared, when a migration is not listed, or when git history shows a line of the
// list that was changed or removed. `--add` appends the lines of migrations not listed yet.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dirFlag = process.argv.indexOf('--dir');
const folder =
  dirFlag > 0
    ? path.resolve(process.argv[dirFlag + 1])
    : path.resolve(import.meta.dirname, '../src/db/migrations');
const listFile = path.join(folder, 'shipped.sha256');
const frozen = (name) => /^\d{4}-.+\.ts$/.test(name) || name === 'dialect.ts';
const sha256 = (file) =>
  createHash('sha256')
    .update(readFileSync(path.join(folder, file)))
    .digest('hex');

/** `<sha256>  <file>` lines as a map from file to checksum. */
function parse(text, where) {
  const entries = new Map();
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const match = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line);
    if (!match) throw new Error(`${where}, line ${index + 1}: not "<sha256>  <file>": ${line}`);
    entries.set(match[2], match[1]);
  }
  return entries;
}

const problems = [];
const listed = parse(existsSync(listFile) ? readFileSync(listFile, 'utf8') : '', 'shipped.sha256');
const files = readdirSync(folder).filter(frozen).sort();

if (process.argv.includes('--add')) {
  const added = files.filter((file) => !listed.has(file));
  for (const file of added) appendFileSync(listFile, `${sha256(file)}  ${file}\n`);
  console.log(added.length ? `listed ${added.join(', ')}` : 'every migration is listed already');
  process.exit(0);
}

for (const [file, checksum] of listed) {
  if (!existsSync(path.join(folder, file))) problems.push(`${file} has shipped and must not be removed`);
  else if (sha256(file) !== checksum) {
    problems.push(`${file} has shipped and must not change: write a new migration instead`);
  }
}
for (const file of files) {
  if (!listed.has(file)) {
    problems.push(`${file} is not in shipped.sha256: run npm run check:migrations -- --add`);
  }
}

// The list itself only grows: every line any earlier commit had is still here, unchanged.
const git = (...args) => execFileSync('git', args, { cwd: folder, encoding: 'utf8', stdio: 'pipe' });
let history = [];
let gitPath = '';
try {
  gitPath = path.join(git('rev-parse', '--show-prefix').trim(), 'shipped.sha256');
  history = git('log', '--format=%H', '--', 'shipped.sha256').split('\n').filter(Boolean);
} catch {
  console.log('check:migrations: not a git checkout, so the history of shipped.sha256 was not checked');
}
for (const commit of history) {
  let text;
  try {
    text = git('show', `${commit}:${gitPath}`);
  } catch {
    continue; // the commit that deleted it: reported below as missing lines of the last version
  }
  for (const [file, checksum] of parse(text, `shipped.sha256 at ${commit.slice(0, 7)}`)) {
    if (listed.get(file) !== checksum) {
      problems.push(`shipped.sha256 lost or changed the line of ${file} (listed at ${commit.slice(0, 7)})`);
    }
  }
}

if (problems.length > 0) {
  for (const problem of [...new Set(problems)]) console.error(`check:migrations: ${problem}`);
  process.exit(1);
}
console.log(`check:migrations: ${listed.size} shipped files unchanged (history: ${history.length} commits)`);

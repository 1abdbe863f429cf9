import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  copyFileSync,
  createWriteStream,
} from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { migrationNames } from '../db/migrations/index';
import { readArchiveEntry, rewriteArchive, runCli } from './backup.fixtures';
import { backupRoundTrip } from './backup.scenario';

/** SQLite, in its default place in DATA_DIR (backup-postgres.services.test.ts runs the same on PostgreSQL). */
const roundTrip = backupRoundTrip(async () => ({ url: null, drop: async () => undefined }));

let targets = 0;
/** A data folder that does not exist yet, as for a new machine. */
const newTarget = () => path.join(roundTrip.work, `target-${++targets}`);

async function restoreInto(archive: string, dataDir = newTarget()) {
  const run = await runCli('restore', [archive], { DATA_DIR: dataDir });
  return { ...run, dataDir };
}

/** Nothing of a refused restore stays behind: the folder is as absent (or empty) as before. */
const leftIn = (dataDir: string) => (existsSync(dataDir) ? readdirSync(dataDir) : []);

describe('restore refuses, writing nothing', () => {
  it('a truncated archive', async () => {
    const truncated = path.join(roundTrip.work, 'truncated.tar.gz');
    copyFileSync(roundTrip.archive, truncated);
    truncateSync(truncated, Math.floor(statSync(truncated).size * 0.6));
    const run = await restoreInto(truncated);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Restore refused: This backup is damaged and cannot be restored: it ends early (a truncated copy?). Nothing was written.',
    );
    expect(leftIn(run.dataDir)).toEqual([]);
  });

  it('an archive with an altered file, by its checksum', async () => {
    const altered = path.join(roundTrip.work, 'altered.tar.gz');
    let changed = '';
    await rewriteArchive(roundTrip.archive, altered, (name, body) => {
      if (changed || !name.startsWith('data/media/posters/')) return body;
      changed = name;
      const copy = Buffer.from(body);
      const middle = copy.length >> 1;
      copy[middle] = copy[middle]! ^ 0xff;
      return copy;
    });
    expect(changed).not.toBe('');
    const run = await restoreInto(altered);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${changed} does not match its checksum`);
    expect(leftIn(run.dataDir)).toEqual([]);
  });

  it('an archive whose compressed bytes were altered', async () => {
    const corrupted = path.join(roundTrip.work, 'corrupted.tar.gz');
    const bytes = readFileSync(roundTrip.archive);
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(corrupted, bytes);
    const run = await restoreInto(corrupted);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Restore refused: This backup is damaged and cannot be restored: /);
    expect(leftIn(run.dataDir)).toEqual([]);
  });

  it('a file that is not a backup: a text file, or another tar.gz', async () => {
    const text = path.join(roundTrip.work, 'notes.txt');
    writeFileSync(text, 'not an archive\n');
    const run = await restoreInto(text);
    expect(run.stderr.trim()).toBe(
      'Restore refused: This file is not a Reeltime backup: it is not a gzip-compressed archive.',
    );

    const other = path.join(roundTrip.work, 'other.tar.gz');
    const pack = tar.pack();
    pack.entry({ name: 'photos/cat.jpg' }, Buffer.from('meow'));
    pack.finalize();
    await pipeline(pack, createGzip(), createWriteStream(other));
    const second = await restoreInto(other);
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toBe(
      'Restore refused: This file is not a Reeltime backup: it has no Reeltime manifest.',
    );
    expect(leftIn(run.dataDir)).toEqual([]);
    expect(leftIn(second.dataDir)).toEqual([]);
  });

  it('a backup from a newer schema than this code knows', async () => {
    const newer = path.join(roundTrip.work, 'newer.tar.gz');
    await rewriteArchive(roundTrip.archive, newer, (name, body) => {
      if (name !== 'manifest.json') return body;
      const manifest = JSON.parse(body.toString());
      manifest.database.schemaVersion = '9999-from-the-future';
      return Buffer.from(JSON.stringify(manifest));
    });
    const run = await restoreInto(newer);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `This backup's database schema (9999-from-the-future) is newer than this version of Reeltime knows (latest ${migrationNames.at(-1)})`,
    );
    expect(leftIn(run.dataDir)).toEqual([]);
  });

  it('a backup in a newer archive format', async () => {
    const newer = path.join(roundTrip.work, 'newer-format.tar.gz');
    await rewriteArchive(roundTrip.archive, newer, (name, body) => {
      if (name !== 'manifest.json') return body;
      return Buffer.from(JSON.stringify({ ...JSON.parse(body.toString()), formatVersion: 2 }));
    });
    const run = await restoreInto(newer);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Restore refused: This backup was written by a newer Reeltime (archive format 2, this version reads 1); restore it with that version or newer. Nothing was written.',
    );
    expect(leftIn(run.dataDir)).toEqual([]);
  });

  it('a data folder that is not empty, leaving its files alone', async () => {
    const dataDir = newTarget();
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'keep.txt'), 'mine');
    const run = await restoreInto(roundTrip.archive, dataDir);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `Restore refused: DATA_DIR ${dataDir} is not empty (keep.txt); restore into an empty or new folder. Nothing was written.`,
    );
    expect(readdirSync(dataDir)).toEqual(['keep.txt']);
  });

  it('a database that already has tables', async () => {
    const run = await runCli('restore', [roundTrip.archive], {
      DATA_DIR: newTarget(),
      DATABASE_URL: roundTrip.original.config.databaseUrl,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Restore refused: The database .*reeltime\.sqlite is not empty \(tables /);
  });
});

describe('backup refuses a destination it cannot write, leaving nothing behind', () => {
  const siteEnv = () => ({ DATA_DIR: roundTrip.original.config.dataDir });

  it('an existing file, unless --force', async () => {
    const before = readFileSync(roundTrip.archive);
    const run = await runCli('backup', ['--out', roundTrip.archive], siteEnv());
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `Backup failed: ${roundTrip.archive} already exists; add --force to replace it.`,
    );
    expect(readFileSync(roundTrip.archive).equals(before)).toBe(true);
  });

  it('a folder that does not exist', async () => {
    const missing = path.join(roundTrip.work, 'no-such-folder');
    const run = await runCli('backup', ['--out', path.join(missing, 'b.tar.gz')], siteEnv());
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`Backup failed: The folder ${missing} does not exist.`);
  });

  it('replaces an existing file with --force, leaving no draft beside it', async () => {
    const folder = path.join(roundTrip.work, 'forced');
    mkdirSync(folder);
    const out = path.join(folder, 'b.tar.gz');
    writeFileSync(out, 'old');
    const run = await runCli('backup', ['--out', out, '--force'], siteEnv());
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(folder)).toEqual(['b.tar.gz']);
    expect(readFileSync(out).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  it('reports files the database refers to that are missing, and still writes the backup', async () => {
    const { app, config } = roundTrip.original;
    const avatars = await app.ctx.files.list('uploads/avatars');
    expect(avatars).toHaveLength(1);
    rmSync(path.join(config.dataDir, 'media', avatars[0]!.key));
    const out = path.join(roundTrip.work, 'without-avatar.tar.gz');
    const run = await runCli('backup', ['--out', out], siteEnv());
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `Warning: 1 file(s) the database refers to were not in the data folder:\n  media/${avatars[0]!.key}\n`,
    );
    const manifest = JSON.parse((await readArchiveEntry(out, 'manifest.json')).toString());
    expect(manifest.missingFiles).toEqual([avatars[0]!.key]);
  });
});

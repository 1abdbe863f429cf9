import { mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyBetweenStores } from './copy-between-stores';
import type { FileStore } from './file-store';
import { createLocalFileStore } from './local-file-store';

let work: string;
let from: FileStore;
let to: FileStore;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'reeltime-copy-'));
  from = createLocalFileStore(path.join(work, 'from'));
  to = createLocalFileStore(path.join(work, 'to'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const put = (store: FileStore, key: string, text: string) =>
  store.write(key, Readable.from([Buffer.from(text)]));

describe('copying between stores', () => {
  it('skips a file deleted from the source after it was listed, without counting it as failed', async () => {
    await put(from, 'a/first.txt', 'first');
    await put(from, 'b/second.txt', 'second');
    let deleted = false;
    const report = await copyBetweenStores({
      from,
      to,
      concurrency: 1,
      onProgress: () => {
        if (deleted) return;
        deleted = true;
        unlinkSync(path.join(work, 'from', 'b', 'second.txt'));
      },
    });
    expect(report.vanished).toEqual(['b/second.txt']);
    expect(report.failures).toEqual([]);
    expect(report.copied).toEqual({ files: 1, bytes: 5 });
    expect(await to.stat('b/second.txt')).toBeUndefined();
  });

  it('leaves the files only the target has, and counts them', async () => {
    await put(from, 'posters/p.webp', 'poster');
    await put(to, 'posters/old.webp', 'old');
    const report = await copyBetweenStores({ from, to });
    expect(report.onlyInTarget).toBe(1);
    expect(readFileSync(path.join(work, 'to', 'posters', 'old.webp'), 'utf8')).toBe('old');
    expect(readFileSync(path.join(work, 'to', 'posters', 'p.webp'), 'utf8')).toBe('poster');
  });
});

import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeFileStore } from './file-store.contract';
import { createLocalFileStore } from './local-file-store';

/**
 * Every file under `root`, hidden ones included, and every folder holding no file at any depth
 * (a tree set aside and left behind shows), as keys sorted.
 */
function onDisk(root: string): string[] {
  if (!existsSync(root)) return [];
  const found: string[] = [];
  const visit = (dir: string, prefix: string): boolean => {
    let holdsFile = false;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const key = `${prefix}${entry.name}`;
      if (entry.isDirectory()) {
        if (!visit(path.join(dir, entry.name), `${key}/`)) found.push(`${key}/`);
        holdsFile = true;
      } else {
        found.push(key);
        holdsFile = true;
      }
    }
    return holdsFile;
  };
  visit(root, '');
  return found.sort();
}

describeFileStore('local file store', async () => {
  const work = mkdtempSync(path.join(tmpdir(), 'reeltime-media-'));
  const root = path.join(work, 'media');
  return {
    files: createLocalFileStore(root),
    everything: async () => onDisk(root),
    dispose: async () => rmSync(work, { recursive: true, force: true }),
  };
});

describe('local file store on disk', () => {
  let work: string;
  let root: string;
  beforeEach(() => {
    work = mkdtempSync(path.join(tmpdir(), 'reeltime-files-'));
    root = path.join(work, 'media');
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('keeps each key as the file of the same path under its folder, with its last write', async () => {
    const files = createLocalFileStore(root);
    await files.write('images/posters/p.webp', Readable.from([Buffer.from('poster')]));
    const file = path.join(root, 'images', 'posters', 'p.webp');
    expect(existsSync(file)).toBe(true);
    const written = new Date('2026-01-02T03:04:05Z');
    utimesSync(file, written, written);
    expect(await files.stat('images/posters/p.webp')).toEqual({ size: 6, modifiedAt: written });
  });

  it('lists no hidden file, such as a write still in progress', async () => {
    const files = createLocalFileStore(root);
    await files.write('private/videos/7/master.m3u8', Readable.from([Buffer.from('m')]));
    writeFileSync(path.join(root, 'private', 'videos', '7', '.seg.partial-abc'), 'half');
    expect((await files.list('private/videos/7')).map(({ key }) => key)).toEqual([
      'private/videos/7/master.m3u8',
    ]);
  });
});

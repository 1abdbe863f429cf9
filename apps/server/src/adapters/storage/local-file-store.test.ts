import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileTooLarge, UnsafeKey, type FileStore } from './file-store';
import { createLocalFileStore } from './local-file-store';

let work: string;
let root: string;
let files: FileStore;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'reeltime-files-'));
  root = path.join(work, 'media');
  files = createLocalFileStore(root);
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const bytes = Buffer.from('0123456789abcdefghij');
const put = (key: string, body: Buffer | string = bytes) =>
  files.write(key, Readable.from([Buffer.from(body)]));
const readAll = async (key: string, range?: { start: number; end: number }) =>
  buffer(await files.read(key, range));
/** Every file under the root, hidden ones included. */
const onDisk = (dir = root): string[] =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort() : [];

describe('local file store', () => {
  it('writes a stream under its key and returns its size; reads it back whole or by byte range', async () => {
    expect(await put('uploads/avatars/a.webp')).toBe(bytes.length);
    expect(existsSync(path.join(root, 'uploads', 'avatars', 'a.webp'))).toBe(true);
    expect(await readAll('uploads/avatars/a.webp')).toEqual(bytes);
    expect(await readAll('uploads/avatars/a.webp', { start: 0, end: 0 })).toEqual(Buffer.from('0'));
    expect(await readAll('uploads/avatars/a.webp', { start: 5, end: 9 })).toEqual(Buffer.from('56789'));
    expect(await readAll('uploads/avatars/a.webp', { start: 15, end: 19 })).toEqual(Buffer.from('fghij'));
  });

  it('replaces a file on a second write, and fails a read of a missing file', async () => {
    await put('trailers/3/master.m3u8', 'old');
    await put('trailers/3/master.m3u8', 'new and longer');
    expect((await readAll('trailers/3/master.m3u8')).toString()).toBe('new and longer');
    await expect(readAll('trailers/3/missing.m3u8')).rejects.toMatchObject({ code: 'ENOENT' });
    // A folder name with a trailing slash names no file.
    await expect(put('trailers/3/')).rejects.toBeInstanceOf(UnsafeKey);
  });

  it('stats size and last write, and nothing for a missing file or a folder', async () => {
    await put('images/posters/p.webp');
    const written = new Date('2026-01-02T03:04:05Z');
    utimesSync(path.join(root, 'images', 'posters', 'p.webp'), written, written);
    expect(await files.stat('images/posters/p.webp')).toEqual({ size: bytes.length, modifiedAt: written });
    expect(await files.stat('images/posters/nope.webp')).toBeUndefined();
    expect(await files.stat('images/posters')).toBeUndefined();
  });

  it('refuses a write past maxBytes and keeps nothing of it, nor of the file it would have replaced', async () => {
    await put('uploads/x.bin', 'kept');
    const endless = Readable.from(
      (function* () {
        for (let i = 0; i < 1000; i++) yield Buffer.alloc(1024, i);
      })(),
    );
    await expect(files.write('uploads/x.bin', endless, { maxBytes: 10_000 })).rejects.toBeInstanceOf(
      FileTooLarge,
    );
    await expect(
      files.write('uploads/y.bin', Readable.from([bytes]), { maxBytes: 10 }),
    ).rejects.toBeInstanceOf(FileTooLarge);
    expect((await readAll('uploads/x.bin')).toString()).toBe('kept');
    expect(onDisk()).toEqual(['uploads', path.join('uploads', 'x.bin')]);
    expect(await files.write('uploads/z.bin', Readable.from([bytes]), { maxBytes: bytes.length })).toBe(
      bytes.length,
    );
  });

  it('lists every file under a folder at any depth, with sizes, and nothing for a missing folder', async () => {
    await put('private/videos/7/master.m3u8', 'm');
    await put('private/videos/7/360p/seg_00000.ts', 'seg');
    await put('private/videos/70/master.m3u8');
    writeFileSync(path.join(root, 'private', 'videos', '7', '.seg.partial-abc'), 'half');
    const listed = await files.list('private/videos/7');
    expect(listed.map(({ key, size }) => ({ key, size })).sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      [
        { key: 'private/videos/7/360p/seg_00000.ts', size: 3 },
        { key: 'private/videos/7/master.m3u8', size: 1 },
      ],
    );
    expect(listed.every(({ modifiedAt }) => modifiedAt instanceof Date)).toBe(true);
    expect((await files.list('private/videos/7/')).length).toBe(2);
    expect(await files.list('private/videos/8')).toEqual([]);
  });

  it('deletes a file, and deleting one already gone is not an error', async () => {
    await put('uploads/avatars/a.webp');
    await files.delete('uploads/avatars/a.webp');
    expect(await files.stat('uploads/avatars/a.webp')).toBeUndefined();
    await expect(files.delete('uploads/avatars/a.webp')).resolves.toBeUndefined();
  });

  it('moves a local file in as a key', async () => {
    const local = path.join(work, 'local.bin');
    writeFileSync(local, bytes);
    await files.putFile(local, 'uploads/moved.bin');
    expect(existsSync(local)).toBe(false);
    expect(await readAll('uploads/moved.bin')).toEqual(bytes);
  });

  it('moves a local folder in as a folder, replacing every file that was there', async () => {
    await put('private/videos/7/master.m3u8', 'old master');
    await put('private/videos/7/240p/seg_00000.ts', 'old rung');
    const tree = path.join(work, 'hls-7');
    mkdirSync(path.join(tree, '360p'), { recursive: true });
    writeFileSync(path.join(tree, 'master.m3u8'), 'new master');
    writeFileSync(path.join(tree, '360p', 'seg_00000.ts'), 'new segment');

    await files.importDirectory(tree, 'private/videos/7');
    expect(existsSync(tree)).toBe(false);
    expect((await readAll('private/videos/7/master.m3u8')).toString()).toBe('new master');
    expect((await readAll('private/videos/7/360p/seg_00000.ts')).toString()).toBe('new segment');
    expect(await files.stat('private/videos/7/240p/seg_00000.ts')).toBeUndefined();
    // Nothing half-built or set aside is left next to it.
    expect(readdirSync(path.join(root, 'private', 'videos'))).toEqual(['7']);
  });

  const unsafe = [
    '',
    '..',
    '../secrets/token-pepper',
    'uploads/../../secrets/token-pepper',
    'uploads/./a.webp',
    '/etc/passwd',
    'uploads//a.webp',
    'uploads\\..\\..\\secrets',
    'uploads/a.webp\0.ts',
    '.hidden',
    'uploads/.a.webp.partial-123',
  ];

  it.each(unsafe)('refuses the key %j for every operation, touching nothing', async (key) => {
    writeFileSync(path.join(work, 'outside.txt'), 'outside');
    const local = path.join(work, 'outside.txt');
    const attempts: Array<() => Promise<unknown>> = [
      () => files.write(key, Readable.from([bytes])),
      () => files.read(key),
      () => files.stat(key),
      () => files.delete(key),
      () => files.putFile(local, key),
      () => files.importDirectory(work, key),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toBeInstanceOf(UnsafeKey);
    await expect(files.list(key)).rejects.toBeInstanceOf(UnsafeKey);
    expect(existsSync(local)).toBe(true);
    expect(onDisk()).toEqual([]);
  });
});

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileTooLarge, UnsafeKey, type FileStore } from './file-store';

/** A store under test, empty when made. */
export interface StoreUnderTest {
  files: FileStore;
  /** Everything the store holds, sorted: files no key can name and unfinished writes included. */
  everything(): Promise<string[]>;
  dispose(): Promise<void>;
}

/** What every FileStore does, whatever keeps the bytes: registers the cases for `make`'s stores. */
export function describeFileStore(name: string, make: () => Promise<StoreUnderTest>): void {
  describe(`${name}: the file store contract`, () => {
    let work: string;
    let store: StoreUnderTest;
    let files: FileStore;
    beforeEach(async () => {
      work = mkdtempSync(path.join(tmpdir(), 'reeltime-files-'));
      store = await make();
      files = store.files;
    });
    afterEach(async () => {
      await store.dispose();
      rmSync(work, { recursive: true, force: true });
    });

    const bytes = Buffer.from('0123456789abcdefghij');
    const put = (key: string, body: Buffer | string = bytes) =>
      files.write(key, Readable.from([Buffer.from(body)]));
    const readAll = async (key: string, range?: { start: number; end: number }) =>
      buffer(await files.read(key, range));

    it('writes a stream under its key and returns its size; reads it back whole or by byte range', async () => {
      expect(await put('uploads/avatars/a.webp')).toBe(bytes.length);
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
      const before = Date.now();
      await put('images/posters/p.webp');
      const info = await files.stat('images/posters/p.webp');
      expect(info?.size).toBe(bytes.length);
      // Object stores keep whole seconds.
      expect(info?.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(info?.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now());
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
      expect(await store.everything()).toEqual(['uploads/x.bin']);
      expect(await files.write('uploads/z.bin', Readable.from([bytes]), { maxBytes: bytes.length })).toBe(
        bytes.length,
      );
    });

    it('lists every file under a folder at any depth, with sizes, and nothing for a missing folder', async () => {
      await put('private/videos/7/master.m3u8', 'm');
      await put('private/videos/7/360p/seg_00000.ts', 'seg');
      await put('private/videos/70/master.m3u8');
      const listed = await files.list('private/videos/7');
      expect(
        listed.map(({ key, size }) => ({ key, size })).sort((a, b) => a.key.localeCompare(b.key)),
      ).toEqual([
        { key: 'private/videos/7/360p/seg_00000.ts', size: 3 },
        { key: 'private/videos/7/master.m3u8', size: 1 },
      ]);
      expect(listed.every(({ modifiedAt }) => modifiedAt instanceof Date)).toBe(true);
      expect((await files.list('private/videos/7/')).length).toBe(2);
      expect(await files.list('private/videos/8')).toEqual([]);
    });

    it('lists the whole store for an empty folder', async () => {
      expect(await files.list('')).toEqual([]);
      await put('private/videos/7/360p/seg_00000.ts', 'seg');
      await put('uploads/avatars/a.webp', 'avatar');
      await put('top.txt', 't');
      const listed = await files.list('');
      expect(
        listed.map(({ key, size }) => ({ key, size })).sort((a, b) => a.key.localeCompare(b.key)),
      ).toEqual([
        { key: 'private/videos/7/360p/seg_00000.ts', size: 3 },
        { key: 'top.txt', size: 1 },
        { key: 'uploads/avatars/a.webp', size: 6 },
      ]);
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
      await put('private/videos/70/master.m3u8', 'another video');
      const tree = path.join(work, 'hls-7');
      mkdirSync(path.join(tree, '360p'), { recursive: true });
      writeFileSync(path.join(tree, 'master.m3u8'), 'new master');
      writeFileSync(path.join(tree, '360p', 'seg_00000.ts'), 'new segment');

      await files.importDirectory(tree, 'private/videos/7');
      expect(existsSync(tree)).toBe(false);
      expect((await readAll('private/videos/7/master.m3u8')).toString()).toBe('new master');
      expect((await readAll('private/videos/7/360p/seg_00000.ts')).toString()).toBe('new segment');
      expect(await files.stat('private/videos/7/240p/seg_00000.ts')).toBeUndefined();
      // Nothing half-built or set aside is left next to it, and the neighbour is untouched.
      expect(await store.everything()).toEqual([
        'private/videos/7/360p/seg_00000.ts',
        'private/videos/7/master.m3u8',
        'private/videos/70/master.m3u8',
      ]);
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
      const local = path.join(work, 'outside.txt');
      writeFileSync(local, 'outside');
      const attempts: Array<() => Promise<unknown>> = [
        () => files.write(key, Readable.from([bytes])),
        () => files.read(key),
        () => files.stat(key),
        () => files.delete(key),
        () => files.putFile(local, key),
        () => files.importDirectory(work, key),
        // The empty folder is the whole store, for list only.
        ...(key === '' ? [] : [() => files.list(key)]),
      ];
      for (const attempt of attempts) await expect(attempt()).rejects.toBeInstanceOf(UnsafeKey);
      expect(existsSync(local)).toBe(true);
      expect(await store.everything()).toEqual([]);
    });
  });
}

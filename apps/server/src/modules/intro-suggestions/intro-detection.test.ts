import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeAudio } from './episode-audio';
import { writeEpisodeAudio } from './intro-audio.fixtures';
import { AbortedError } from '../../media/ffmpeg';
import { breather, fingerprints, SAMPLE_RATE, samplesOf, suggestIntros } from './intro-detection';

const tools = { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' };
const work = mkdtempSync(path.join(tmpdir(), 'reeltime-intro-detection-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const clip = (name: string, own: readonly number[], seconds: number, jingleAt?: number) =>
  writeEpisodeAudio(path.join(work, `${name}.ts`), {
    own,
    seconds,
    ...(jingleAt === undefined ? {} : { jingleAt }),
  });

const listen = async (file: string) => fingerprints(samplesOf(await decodeAudio(tools, file, 60)));

describe('intro detection', () => {
  it('finds a jingle two episodes share at different offsets, each within half a second', async () => {
    const first = await clip('first', [300, 410, 370, 250, 330, 290, 440, 220], 16, 4);
    const second = await clip('second', [196, 233, 277, 311, 349, 207, 262, 185, 247], 14, 1.5);
    const [a, b] = await suggestIntros([await listen(first), await listen(second)]);
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(Math.abs(a!.start - 4)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(a!.end - 10)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(b!.start - 1.5)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(b!.end - 7.5)).toBeLessThanOrEqual(0.5);
    expect(a!.confidence).toBeGreaterThan(0.8);
    // Rounded to tenths of a second.
    expect(Math.round(a!.start * 10) / 10).toBe(a!.start);
  }, 30_000);

  it('suggests nothing for episodes with nothing in common', async () => {
    const first = await clip('plain-first', [300, 410, 370, 250, 330, 290, 440, 220], 12);
    const second = await clip('plain-second', [196, 233, 277, 311, 349, 207, 262, 185, 247], 12);
    expect(await suggestIntros([await listen(first), await listen(second)])).toEqual([null, null]);
  }, 30_000);

  it('gives the episode without the jingle nothing when two of three share it', async () => {
    const first = await clip('three-first', [300, 410, 370, 250], 12, 2);
    const second = await clip('three-second', [196, 233, 277, 311], 12, 5);
    const third = await clip('three-third', [349, 207, 262, 185], 12);
    const [a, b, c] = await suggestIntros([await listen(first), await listen(second), await listen(third)]);
    expect(Math.abs(a!.start - 2)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(b!.start - 5)).toBeLessThanOrEqual(0.5);
    expect(c).toBeNull();
    // Shared with one of its two neighbours: half the confidence of a jingle all three have.
    expect(a!.confidence).toBeLessThanOrEqual(0.5);
  }, 30_000);
});

describe('listening in the background', () => {
  it('hands the event loop back while it works, and stops once aborted', async () => {
    const noise = Float32Array.from(
      { length: SAMPLE_RATE * 20 },
      (_, i) => Math.sin(i * 0.3 + Math.sin(i / 900)) * 0.3,
    );
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      const heard = await fingerprints(noise, breather(undefined, 1));
      await suggestIntros([heard, heard.slice(7)], { pause: breather(undefined, 1) });
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);

    const stop = new AbortController();
    stop.abort();
    await expect(fingerprints(noise, breather(stop.signal, 0))).rejects.toThrow(AbortedError);
  }, 30_000);
});

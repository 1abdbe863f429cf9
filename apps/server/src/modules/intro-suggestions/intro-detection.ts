import { AbortedError } from '../../media/ffmpeg';

/**
 * Finds an intro that episodes share from their audio alone (docs/decisions/0043-skip-markers.md,
 * "Suggested intros"). Pure functions over decoded audio: 8 kHz mono PCM becomes one spectral
 * fingerprint every FRAME_SECONDS, and for each pair of episodes every offset between them is
 * tried, looking for the longest run of matching frames. The same jingle at different places in
 * two episodes lines up at one offset; other audio matches only by chance, for a frame or two.
 */

export const SAMPLE_RATE = 8000;
/** The time between two fingerprints: the precision of a suggestion before rounding. */
export const FRAME_SECONDS = 0.1;
/** The shortest shared run that counts as an intro. */
export const MIN_INTRO_SECONDS = 3;

const HOP = Math.round(SAMPLE_RATE * FRAME_SECONDS);
const FFT_SIZE = 2048;
const BANDS = 60;
const LOW_HZ = 100;
const HIGH_HZ = 3600;
/** Cosine similarity two frames need to match. */
const MATCH_SIMILARITY = 0.9;
/** Frames in a row that may fail to match inside a run (a codec artefact, a click). */
const MAX_GAP_FRAMES = 3;
/** Frames quieter than this (RMS of samples in -1..1) are silence, which matches nothing. */
const SILENCE_RMS = 0.003;

/**
 * Hands the event loop back every `sliceMs` of work (the job may run in the API process), and
 * stops the work once `signal` is aborted.
 */
export function breather(signal?: AbortSignal, sliceMs = 20): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    if (signal?.aborted) throw new AbortedError();
    since = performance.now();
  };
}

const noPause = () => Promise.resolve();

/** One fingerprint per frame: unit-length band energies, or null for silence. */
export type Fingerprints = Array<Float32Array | null>;

export interface IntroSuggestion {
  type: 'intro';
  /** Seconds, rounded to 0.1 s. */
  start: number;
  end: number;
  /** 0–1: how alike the shared part is, times the share of other episodes that have it too. */
  confidence: number;
}

/** Little-endian signed 16-bit samples (ffmpeg's `-f s16le`) as numbers in -1..1. */
export function samplesOf(pcm: Buffer): Float32Array {
  const samples = new Float32Array(Math.floor(pcm.length / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2) / 32768;
  return samples;
}

const bandOfBin = (() => {
  const bands = new Int16Array(FFT_SIZE / 2).fill(-1);
  const ratio = Math.log(HIGH_HZ / LOW_HZ);
  for (let bin = 1; bin < FFT_SIZE / 2; bin++) {
    const hz = (bin * SAMPLE_RATE) / FFT_SIZE;
    if (hz >= LOW_HZ && hz < HIGH_HZ) bands[bin] = Math.floor((Math.log(hz / LOW_HZ) / ratio) * BANDS);
  }
  return bands;
})();

const hann = Float32Array.from(
  { length: FFT_SIZE },
  (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (FFT_SIZE - 1)),
);

const COS = Float64Array.from({ length: FFT_SIZE / 2 }, (_, k) => Math.cos((-2 * Math.PI * k) / FFT_SIZE));
const SIN = Float64Array.from({ length: FFT_SIZE / 2 }, (_, k) => Math.sin((-2 * Math.PI * k) / FFT_SIZE));

/** In-place radix-2 FFT of FFT_SIZE points. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const stride = n / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k++) {
        const cos = COS[k * stride]!;
        const sin = SIN[k * stride]!;
        const a = start + k;
        const b = a + size / 2;
        const tre = re[b]! * cos - im[b]! * sin;
        const tim = re[b]! * sin + im[b]! * cos;
        re[b] = re[a]! - tre;
        im[b] = im[a]! - tim;
        re[a] = re[a]! + tre;
        im[a] = im[a]! + tim;
      }
    }
  }
}

/** A fingerprint every FRAME_SECONDS: energies in log-spaced bands (about a semitone each), compressed. */
export async function fingerprints(samples: Float32Array, pause = noPause): Promise<Fingerprints> {
  const frames: Fingerprints = [];
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  for (let at = 0; at + HOP <= samples.length; at += HOP) {
    await pause();
    // The window is centred on the frame, so frame k describes the audio around k * FRAME_SECONDS.
    const from = at + HOP / 2 - FFT_SIZE / 2;
    let energy = 0;
    let counted = 0;
    for (let i = 0; i < FFT_SIZE; i++) {
      const sample = samples[from + i] ?? 0;
      re[i] = sample * hann[i]!;
      im[i] = 0;
      if (from + i >= at && from + i < at + HOP) {
        energy += sample * sample;
        counted++;
      }
    }
    if (Math.sqrt(energy / Math.max(1, counted)) < SILENCE_RMS) {
      frames.push(null);
      continue;
    }
    fft(re, im);
    const bands = new Float32Array(BANDS);
    for (let bin = 1; bin < FFT_SIZE / 2; bin++) {
      const band = bandOfBin[bin]!;
      if (band >= 0) bands[band]! += re[bin]! * re[bin]! + im[bin]! * im[bin]!;
    }
    let norm = 0;
    for (let band = 0; band < BANDS; band++) {
      bands[band] = Math.pow(bands[band]!, 0.25);
      norm += bands[band]! * bands[band]!;
    }
    norm = Math.sqrt(norm);
    if (norm === 0) {
      frames.push(null);
      continue;
    }
    for (let band = 0; band < BANDS; band++) bands[band]! /= norm;
    frames.push(bands);
  }
  return frames;
}

const similarity = (a: Float32Array | null, b: Float32Array | null): number => {
  if (!a || !b) return 0;
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
};

/** The longest run two episodes share: where it is in each (frames) and how alike it is. */
export interface SharedRun {
  startA: number;
  startB: number;
  frames: number;
  meanSimilarity: number;
}

/**
 * The longest run of matching frames between two episodes over every offset between them (up to
 * MAX_GAP_FRAMES non-matching frames inside a run), or undefined when none reaches `minFrames`.
 */
export async function longestSharedRun(
  a: Fingerprints,
  b: Fingerprints,
  minFrames: number,
  pause = noPause,
): Promise<SharedRun | undefined> {
  let best: SharedRun | undefined;
  for (let offset = -(a.length - 1); offset < b.length; offset++) {
    await pause();
    // Frame i of a against frame i + offset of b.
    const first = Math.max(0, -offset);
    const last = Math.min(a.length, b.length - offset);
    if (last - first < minFrames || (best && last - first <= best.frames)) continue;
    let runStart = -1;
    let lastMatch = -1;
    let sum = 0;
    const close = () => {
      const frames = lastMatch - runStart + 1;
      if (runStart >= 0 && frames >= minFrames && (!best || frames > best.frames))
        best = { startA: runStart, startB: runStart + offset, frames, meanSimilarity: sum / frames };
    };
    for (let i = first; i < last; i++) {
      const value = similarity(a[i]!, b[i + offset]!);
      if (value >= MATCH_SIMILARITY) {
        if (runStart < 0 || i - lastMatch > MAX_GAP_FRAMES + 1) {
          close();
          runStart = i;
          sum = 0;
        } else {
          // Frames of a gap count with their own (low) similarity.
          for (let gap = lastMatch + 1; gap < i; gap++) sum += similarity(a[gap]!, b[gap + offset]!);
        }
        sum += value;
        lastMatch = i;
      }
    }
    close();
  }
  return best;
}

const tenth = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * An intro for each episode, in the order given: its longest run shared with any other episode,
 * or null when it shares nothing of MIN_INTRO_SECONDS or more. `onPair` is told after each pair;
 * `pause` is awaited often (see breather).
 */
export async function suggestIntros(
  episodes: readonly Fingerprints[],
  options: { onPair?: (done: number, total: number) => void; pause?: () => Promise<void> } = {},
): Promise<Array<IntroSuggestion | null>> {
  const minFrames = Math.round(MIN_INTRO_SECONDS / FRAME_SECONDS);
  // For each episode, what each other episode shares with it (by position in this episode).
  const shared = episodes.map(() => [] as Array<{ start: number; frames: number; similarity: number }>);
  const total = (episodes.length * (episodes.length - 1)) / 2;
  let done = 0;
  for (let x = 0; x < episodes.length; x++) {
    for (let y = x + 1; y < episodes.length; y++) {
      const run = await longestSharedRun(episodes[x]!, episodes[y]!, minFrames, options.pause);
      if (run) {
        shared[x]!.push({ start: run.startA, frames: run.frames, similarity: run.meanSimilarity });
        shared[y]!.push({ start: run.startB, frames: run.frames, similarity: run.meanSimilarity });
      }
      options.onPair?.(++done, total);
    }
  }
  const others = Math.max(1, episodes.length - 1);
  return shared.map((runs) => {
    const longest = runs.reduce<(typeof runs)[number] | undefined>(
      (best, run) => (!best || run.frames > best.frames ? run : best),
      undefined,
    );
    if (!longest) return null;
    // Other episodes whose shared run overlaps this one: the same intro, seen again.
    const end = longest.start + longest.frames;
    const support = runs.filter((run) => run.start < end && longest.start < run.start + run.frames).length;
    return {
      type: 'intro',
      start: tenth(longest.start * FRAME_SECONDS),
      end: tenth(end * FRAME_SECONDS),
      confidence: Math.round(Math.min(1, longest.similarity) * (support / others) * 100) / 100,
    };
  });
}

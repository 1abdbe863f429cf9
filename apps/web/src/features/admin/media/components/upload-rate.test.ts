import { describe, expect, it } from 'vitest';
import { createRateMeter, formatBytes, formatSecondsLeft, formatSpeed } from './upload-rate';

describe('upload rate', () => {
  it('measures speed over the window and the time left at it', () => {
    const meter = createRateMeter(5000);
    expect(meter.add(0, 0, 100_000_000)).toEqual({ bytesPerSecond: 0, secondsLeft: null });
    expect(meter.add(1000, 10_000_000, 100_000_000)).toEqual({ bytesPerSecond: 10_000_000, secondsLeft: 9 });
    // Samples older than the window are forgotten: the speed follows the last five seconds.
    meter.add(6000, 20_000_000, 100_000_000);
    const rate = meter.add(7000, 40_000_000, 100_000_000);
    expect(rate.bytesPerSecond).toBe(20_000_000 / 1);
    expect(rate.secondsLeft).toBe(3);
  });

  it('starts over after a reset or when a resume goes back', () => {
    const meter = createRateMeter();
    meter.add(0, 0, 10);
    meter.add(1000, 5, 10);
    meter.reset();
    expect(meter.add(60_000, 5, 10).secondsLeft).toBeNull();
    expect(meter.add(61_000, 3, 10).secondsLeft).toBeNull();
  });

  it('formats sizes, speeds and durations', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
    expect(formatSpeed(12_345_678)).toBe('12.3 MB/s');
    expect(formatSecondsLeft(12.2)).toBe('13 s');
    expect(formatSecondsLeft(245)).toBe('4 min 05 s');
    expect(formatSecondsLeft(3720)).toBe('1 h 02 min');
  });
});

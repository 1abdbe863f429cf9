import { describe, expect, it } from 'vitest';
import { RestartDelay } from './restart-delay';

describe('the delay before a dead process is restarted', () => {
  it('starts at 1 s and doubles up to 30 s while the process keeps dying soon after each start', () => {
    const delay = new RestartDelay();
    const delays = Array.from({ length: 8 }, () => delay.after(2_000));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('is back to 1 s once the process stayed up a minute', () => {
    const delay = new RestartDelay();
    for (let crash = 0; crash < 5; crash++) delay.after(500);
    expect(delay.after(59_000)).toBe(30_000);
    expect(delay.after(60_000)).toBe(1_000);
    expect(delay.after(1_000)).toBe(2_000);
  });
});

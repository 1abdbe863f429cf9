import { describe, expect, it } from 'vitest';
import { createPlayQualityMeter, LEFT_BEFORE_START } from './play-quality-meter';

/** A <video> stand-in that only dispatches events, and a clock the test moves. */
function setUp(pressedAt: number | null = null) {
  const video = new EventTarget() as HTMLVideoElement;
  let clock = 1000;
  const meter = createPlayQualityMeter(video, { pressedAt, now: () => clock });
  const at = (ms: number, ...events: string[]) => {
    clock = ms;
    for (const type of events) video.dispatchEvent(new Event(type));
  };
  return { meter, at, setClock: (ms: number) => (clock = ms) };
}

describe('the play quality meter', () => {
  it('measures the start from the press on Play, then stalls, playing time and renditions', () => {
    const { meter, at, setClock } = setUp(500);
    at(700, 'play');
    setClock(900);
    meter.rendition(240, 400_000);
    at(1700, 'playing'); // first frame 1200 ms after the press
    at(11_700, 'waiting'); // 10 s played, then a stall…
    at(12_700, 'playing'); // …of 1 s
    meter.rendition(720, 2_400_000);
    at(22_700, 'pause'); // 10 s more
    setClock(30_000);
    expect(meter.finish()).toEqual({
      start_ms: 1200,
      failure: null,
      played_ms: 20_000,
      stall_count: 1,
      stall_ms: 1000,
      // 400 kbit/s for 11.8 s, then 2400 kbit/s for 17.3 s (to the end of the play).
      average_bitrate_kbps: Math.round((400 * 11_800 + 2400 * 17_300) / 29_100),
      renditions: [240, 720],
    });
  });

  it('counts from the first play event without a press, and leaves seeks out of the stalls', () => {
    const { meter, at } = setUp();
    at(2000, 'play');
    at(2600, 'playing');
    at(5600, 'seeking', 'waiting');
    at(7600, 'seeked', 'playing');
    at(9600, 'ended');
    expect(meter.finish()).toMatchObject({ start_ms: 600, stall_count: 0, stall_ms: 0, played_ms: 5000 });
  });

  it('reports the engine’s failure when the play never started, and nothing when it was never asked for', () => {
    const failed = setUp(100);
    failed.at(300, 'play', 'waiting');
    failed.meter.fail('network');
    failed.at(5000);
    expect(failed.meter.finish()).toMatchObject({ start_ms: null, failure: 'network', played_ms: 0 });

    const left = setUp(100);
    left.at(4000, 'waiting');
    expect(left.meter.finish()).toMatchObject({ start_ms: null, failure: LEFT_BEFORE_START });

    const idle = setUp();
    idle.at(4000, 'waiting');
    expect(idle.meter.finish()).toBeNull();
  });

  it('counts a stall still going when the member leaves', () => {
    const { meter, at } = setUp(0);
    at(500, 'playing');
    at(1500, 'waiting');
    at(4500);
    expect(meter.finish()).toMatchObject({ stall_count: 1, stall_ms: 3000, played_ms: 1000 });
  });
});

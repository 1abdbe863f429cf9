import { describe, expect, it } from 'vitest';
import { startInSteps } from './app-start';

describe('startInSteps', () => {
  it("evaluates the entry's chunks one per task, in order, and the entry last", async () => {
    const events: string[] = [];
    const load = (href: string) => {
      events.push(`load ${href}`);
      return Promise.resolve();
    };
    const pause = () => {
      events.push('pause');
      return Promise.resolve();
    };

    await startInSteps(['/assets/react.js', '/assets/router.js'], '/assets/index.js', load, pause);

    expect(events).toEqual([
      'load /assets/react.js',
      'pause',
      'load /assets/router.js',
      'pause',
      'load /assets/index.js',
    ]);
  });

  it('does not run the entry when a chunk fails to load', async () => {
    const loaded: string[] = [];
    const load = (href: string) => {
      loaded.push(href);
      return href.includes('router') ? Promise.reject(new Error('network')) : Promise.resolve();
    };

    await expect(
      startInSteps(['/assets/react.js', '/assets/router.js'], '/assets/index.js', load, async () => {}),
    ).rejects.toThrow('network');
    expect(loaded).toEqual(['/assets/react.js', '/assets/router.js']);
  });

  it('waits for each pause before the next chunk', async () => {
    let release = () => {};
    const paused = new Promise<void>((resolve) => (release = resolve));
    const loaded: string[] = [];
    const started = startInSteps(
      ['/assets/react.js'],
      '/assets/index.js',
      async (href) => {
        loaded.push(href);
      },
      () => paused,
    );

    await Promise.resolve();
    await Promise.resolve();
    expect(loaded).toEqual(['/assets/react.js']);
    release();
    await started;
    expect(loaded).toEqual(['/assets/react.js', '/assets/index.js']);
  });
});

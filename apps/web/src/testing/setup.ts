import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { recordConsoleError, resetConsoleGuard, takeConsoleErrors } from './console-guard';
import { forgetPlayQualityReports } from '../lib/play-quality-reports';
import { assertEveryRequestMocked } from './fetch-mock';

// jsdom has no media playback or scrolling; these stand in for the browser, not for the network.
Object.defineProperty(HTMLMediaElement.prototype, 'play', {
  configurable: true,
  value: () => Promise.resolve(),
});
Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => undefined });
Object.defineProperty(HTMLMediaElement.prototype, 'load', { configurable: true, value: () => undefined });
Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: () => undefined });
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList,
});
Object.defineProperty(Element.prototype, 'scrollIntoView', {
  configurable: true,
  writable: true,
  value: () => undefined,
});

// jsdom keeps no object URLs; a preview only needs a string to show.
Object.defineProperty(URL, 'createObjectURL', {
  configurable: true,
  writable: true,
  value: (blob: Blob) => `blob:${blob instanceof File ? blob.name : 'data'}`,
});
Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });

// Testing Library drains React work with a setTimeout(0) and only advances fake timers for Jest;
// this lets it do the same under Vitest's fake timers (vi.useFakeTimers).
Object.defineProperty(globalThis, 'jest', {
  configurable: true,
  value: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) },
});

// Two-core CI machines run files in parallel; give async queries room before calling it a failure.
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  resetConsoleGuard();
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => recordConsoleError(args));
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  // A player unmounted by cleanup() queues its play's report; the next test is a new page.
  forgetPlayQualityReports();
  const errors = takeConsoleErrors();
  if (errors.length > 0) {
    const first = errors[0]?.map((part) => (part instanceof Error ? part.stack : String(part))).join(' ');
    throw new Error(`Unexpected console.error (${errors.length}): ${first}`);
  }
  assertEveryRequestMocked();
});

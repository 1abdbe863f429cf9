import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { clearSession } from '../lib/session';
import { signIn, testQueryClient } from '../testing/render';
import { useWatchPreload } from './use-watch-preload';

const preload = vi.hoisted(() => ({ start: vi.fn(), stop: vi.fn() }));
vi.mock('./watch-preload', () => ({
  startWatchPreload: (...args: unknown[]) => {
    preload.start(...args);
    return preload.stop;
  },
}));

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>;
}

describe('useWatchPreload', () => {
  it('gets the watch view ready for a member, and stops when they sign out', async () => {
    preload.start.mockClear();
    preload.stop.mockClear();
    signIn();
    renderHook(useWatchPreload, { wrapper });
    await waitFor(() => expect(preload.start).toHaveBeenCalledTimes(1));
    act(() => clearSession());
    expect(preload.stop).toHaveBeenCalledTimes(1);
  });

  it('fetches nothing for a visitor, whose Play leads to sign in', async () => {
    preload.start.mockClear();
    renderHook(useWatchPreload, { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(preload.start).not.toHaveBeenCalled();
  });
});

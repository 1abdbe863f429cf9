import { readStorage, writeStorage } from './storage';

/** The title a member left to choose a plan, so the payment can bring them back to it. */
export interface ReturnTo {
  path: string;
  label: string;
}

const KEY = 'reeltime.plans.returnTo';
/** A stale note (the member wandered off and paid days later) is not followed. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/** Remembered in localStorage: the checkout's return happens in another tab. */
export function rememberReturnTo(target: ReturnTo): void {
  writeStorage(KEY, JSON.stringify({ ...target, at: Date.now() }));
}

/** The remembered title, when there is a fresh one that points inside the site. */
export function returnTo(): ReturnTo | null {
  try {
    const value = JSON.parse(readStorage(KEY) ?? 'null') as (ReturnTo & { at: number }) | null;
    if (!value || typeof value.path !== 'string' || typeof value.label !== 'string') return null;
    if (!value.path.startsWith('/') || value.path.startsWith('//')) return null;
    if (!(Date.now() - value.at < KEEP_MS)) return null;
    return { path: value.path, label: value.label };
  } catch {
    return null;
  }
}

export function forgetReturnTo(): void {
  writeStorage(KEY, null);
}

/** The member-only page that sent a visitor to sign in (`state.from`), when it is one of the site's own. */
export function returnPathOf(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  return from;
}

import { patterns } from './paths';

/** The query parameter of the sign-in and sign-up pages naming the page to come back to. */
export const RETURN_PARAM = 'next';

const ACCOUNT_PAGES: readonly string[] = [patterns.login, patterns.signup, patterns.forgotPassword];

/**
 * `value` as a path on this site to go back to after signing in, or null. Only a path of this
 * origin is taken: `//evil.example`, `/\evil.example`, `https://evil.example` and anything that a
 * browser would read as another site are refused, so the sign-in page never sends a member away.
 */
export function safeReturnPath(value: unknown, origin: string = window.location.origin): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  // Browsers read `//host` and `/\host` as another site; tabs and newlines are dropped first.
  if (/^\/[/\\]/.test(value) || value.includes('\\') || hasControlCharacter(value)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (ACCOUNT_PAGES.includes(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasControlCharacter(value: string): boolean {
  return [...value].some((character) => character.charCodeAt(0) < 0x20);
}

/** The page to return to, from `?next=` or from the state a redirect to sign in carried. */
export function returnPathFrom(search: string, state: unknown): string | null {
  const fromQuery = safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
  if (fromQuery) return fromQuery;
  if (state && typeof state === 'object' && 'from' in state) return safeReturnPath(state.from);
  return null;
}

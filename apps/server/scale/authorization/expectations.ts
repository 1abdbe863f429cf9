import type { Access } from './route-table';

export const ROLES = ['visitor', 'other', 'owner', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a role must get from a route of each access:
 * - `unauthenticated`: 401, and `forbidden`: 403, exactly;
 * - `allowed`: the handler was reached, so anything but 401, 403 and 5xx (a 404 or 422 for a
 *   made-up id or payload is fine);
 * - `not-owner`: a member route called by someone who does not own what the path or body names:
 *   past the sign-in check (not 401), refused or answered with the caller's own data (checked
 *   separately: no answer to them may carry the owner's data).
 */
export type Expectation = 'unauthenticated' | 'forbidden' | 'allowed' | 'not-owner';

export function expectationFor(access: Access, role: Role): Expectation {
  if (access === 'public') return 'allowed';
  if (role === 'visitor') return 'unauthenticated';
  if (access === 'admin') return role === 'admin' ? 'allowed' : 'forbidden';
  // Every role here acts as its account owner's profile, never a kids one: `account` is `member`.
  return role === 'owner' ? 'allowed' : 'not-owner';
}

export function meets(expectation: Expectation, status: number): boolean {
  if (status >= 500 || status === 0) return false;
  switch (expectation) {
    case 'unauthenticated':
      return status === 401;
    case 'forbidden':
      return status === 403;
    case 'allowed':
      return status !== 401 && status !== 403;
    case 'not-owner':
      return status !== 401;
  }
}

export const describeExpectation: Record<Expectation, string> = {
  unauthenticated: '401',
  forbidden: '403',
  allowed: 'reaches the handler (not 401/403)',
  'not-owner': 'signed in, not the owner (not 401; 403/404 or own data)',
};

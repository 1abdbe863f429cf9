import { createHmac, randomBytes } from 'node:crypto';

/** A new opaque token: 32 random bytes, sent once to the client and stored only as a hash. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Keyed hash so a leaked table cannot be replayed without the server's pepper. */
export function hashToken(token: string, pepper: string): string {
  return createHmac('sha256', pepper).update(token).digest('hex');
}

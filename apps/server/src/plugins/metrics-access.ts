import type { FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';

/** Headers a reverse proxy adds; their presence means the socket's peer is the proxy, not the client. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return ipv4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}

/**
 * A request made on this machine, straight to the server. `request.ip` is not used: behind a
 * trusted proxy it comes from X-Forwarded-For, which the client writes. A request relayed by a
 * proxy on this machine has a loopback peer too, so any forwarding header rules it out.
 */
export function isDirectLoopback(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares in constant time; hashing first makes tokens of any length comparable. */
export function tokensMatch(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

import type { RateLimitPluginOptions } from '@fastify/rate-limit';

/**
 * Where rate-limit counts live. @fastify/rate-limit keeps them in this process by default and
 * ships a Redis store for counts shared by every process; the composition root chooses, and the
 * routes only declare their limits.
 */
export interface RateLimitStore {
  readonly kind: 'in-process' | 'redis';
  /** The plugin options that choose the store. */
  readonly pluginOptions: Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace' | 'skipOnError'>;
}

/** The embedded default: counts per process, lost on restart. */
export function createInProcessRateLimitStore(): RateLimitStore {
  return { kind: 'in-process', pluginOptions: {} };
}

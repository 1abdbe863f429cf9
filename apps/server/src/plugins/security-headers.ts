import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route sets its own headers (media bytes need no page policy). */
    securityHeaders?: boolean;
  }
}

/** The page policy; `adOrigin` is the one third-party origin the ad slot's sandboxed iframe may load. */
const optionsFor = (adOrigin: string | undefined): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      frameSrc: [
        'https://www.youtube-nocookie.com',
        'https://www.youtube.com',
        'https://player.vimeo.com',
        'https://www.dailymotion.com',
        'https://geo.dailymotion.com',
        ...(adOrigin ? [adOrigin] : []),
      ],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** Runs helmet once against a stand-in response and keeps the headers it sets. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Helmet's security headers. The policy is static, so the headers are computed once at start
 * instead of on every request (which cost as much as a whole catalog read). HSTS is only for
 * HTTPS responses (RFC 6797 forbids it over plain HTTP); X-Forwarded-Proto counts only with
 * TRUST_PROXY.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const adUrl = app.ctx.config.adSlotUrl;
    const { 'strict-transport-security': hsts, ...headers } = helmetHeaders(
      optionsFor(adUrl ? new URL(adUrl).origin : undefined),
    );
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config?.securityHeaders !== false) {
        reply.headers(headers);
        if (hsts && request.protocol === 'https') reply.header('strict-transport-security', hsts);
      }
      done();
    });
  },
  { name: 'security-headers' },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { directMediaOrigins } from '../media/media-origins';
import { createSiteSettingsService } from '../modules/site-settings/site-settings.service';
import { webBuildScriptHashes } from './inline-script-hashes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route sets its own headers (media bytes need no page policy). */
    securityHeaders?: boolean;
  }
}

/**
 * The page policy; `adOrigin` is the one third-party origin the ad slot's sandboxed iframe may
 * load, `mediaOrigins` those media are read from besides the site (a CDN, the bucket),
 * `scriptHashes` the web build's inline scripts.
 */
const optionsFor = (
  adOrigin: string | undefined,
  mediaOrigins: string[],
  scriptHashes: string[],
): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...mediaOrigins],
      mediaSrc: ["'self'", 'blob:', 'https:', ...mediaOrigins],
      frameSrc: [
        'https://www.youtube-nocookie.com',
        'https://www.youtube.com',
        'https://player.vimeo.com',
        'https://www.dailymotion.com',
        'https://geo.dailymotion.com',
        ...(adOrigin ? [adOrigin] : []),
      ],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'", ...scriptHashes],
      connectSrc: ["'self'", ...mediaOrigins],
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
 * Helmet's security headers. The policy changes only with the ad slot's origin, so the headers are
 * computed once per origin instead of on every request (which cost as much as a whole catalog read). HSTS is only for
 * HTTPS responses (RFC 6797 forbids it over plain HTTP); X-Forwarded-Proto counts only with
 * TRUST_PROXY.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const siteSettings = createSiteSettingsService(app.ctx);
    const mediaOrigins = directMediaOrigins(app.ctx.config);
    const scriptHashes = webBuildScriptHashes(app.ctx.config.webDistDir);
    // One header set per ad origin, so changing the ad slot in the console costs one helmet run.
    const byAdOrigin = new Map<string, ReturnType<typeof splitHsts>>();
    const headersFor = (adUrl: string) => {
      const origin = adOrigin(adUrl);
      let headers = byAdOrigin.get(origin);
      if (!headers) {
        headers = splitHsts(helmetHeaders(optionsFor(origin || undefined, mediaOrigins, scriptHashes)));
        byAdOrigin.set(origin, headers);
      }
      return headers;
    };
    // A database outage must not take every page's headers (and /healthz) down with it.
    const currentAdSlot = async () => {
      try {
        return (await siteSettings.current()).ad_slot_url;
      } catch (error) {
        app.log.warn({ err: error }, 'site settings unavailable; the ad slot falls back to AD_SLOT_URL');
        return app.ctx.config.adSlotUrl ?? '';
      }
    };
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config?.securityHeaders === false) return;
      // The operator's ad slot (console setting, AD_SLOT_URL by default) is the one framed origin.
      const { headers, hsts } = headersFor(await currentAdSlot());
      reply.headers(headers);
      if (hsts && request.protocol === 'https') reply.header('strict-transport-security', hsts);
    });
  },
  { name: 'security-headers', dependencies: ['context'] },
);

function splitHsts(all: Record<string, string>) {
  const { 'strict-transport-security': hsts, ...headers } = all;
  return { headers, hsts };
}

/** The origin of an http(s) address; empty for none or anything else. */
function adOrigin(url: string): string {
  if (!url) return '';
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : '';
  } catch {
    return '';
  }
}

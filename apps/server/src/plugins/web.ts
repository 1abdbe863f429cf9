import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_BASE, ServerMessages } from '@reeltime/contract';
import type { Config } from '../config';
import { escapeHtml } from '../lib/html';

/** The operator's settings reach the web app as meta tags, so one build serves any site name and currency. */
function withSiteSettings(html: string, config: Config): string {
  const name = escapeHtml(config.appName);
  const meta =
    `<meta name="application-name" content="${name}" />` +
    `<meta name="site-currency" content="${escapeHtml(config.currency)}" />` +
    (config.adSlotUrl ? `<meta name="ad-slot-url" content="${escapeHtml(config.adSlotUrl)}" />` : '');
  return html.replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`).replace('</head>', `${meta}</head>`);
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages answer HEAD like GET; Node leaves the body out of a HEAD response. */
const PAGE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Serves the built web app and the SPA fallback: unknown API and media paths get a 404 envelope,
 * every other GET or HEAD gets index.html. Media files are served by the media plugin.
 */
export const webPlugin = fp(
  async (app: FastifyInstance) => {
    const { webDistDir } = app.ctx.config;
    const indexFile = path.join(webDistDir, 'index.html');
    const hasWebBuild = existsSync(indexFile);
    const indexHtml = hasWebBuild ? withSiteSettings(await readFile(indexFile, 'utf8'), app.ctx.config) : '';
    if (hasWebBuild) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        prefix: '/',
        wildcard: false,
        index: false,
        // The build writes .br and .gz copies next to each asset.
        preCompressed: true,
        // index.html is sent by the fallback below, with the site settings filled in.
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders: (res, filePath) => {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', IMMUTABLE);
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      if (
        url.startsWith(`${API_BASE}/`) ||
        url === API_BASE ||
        url.startsWith('/media/') ||
        !PAGE_METHODS.has(request.method)
      ) {
        return reply.status(404).send({ status: false, message: ServerMessages.notFound });
      }
      if (!hasWebBuild) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web app has not been built. Run `npm run build` (npm start does it for you).');
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    });
  },
  { name: 'web', dependencies: ['context'] },
);

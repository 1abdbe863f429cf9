import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_BASE, ServerMessages } from '@reeltime/contract';
import { escapeHtml } from '../lib/html';
import { createSiteSettingsService } from '../modules/site-settings/site-settings.service';
import { sendPage } from './compression';
import { routeFirstViews, routePreloadTags } from './route-preloads';

/** What index.html carries of the site: the console's settings (config defaults) and the currency. */
interface PageSettings {
  siteName: string;
  currency: string;
  adSlotUrl: string;
  signupsOpen: boolean;
  supportEmail: string;
  maxUploadMb: number;
}

/** The operator's settings reach the web app as meta tags, so one build serves any site name and currency. */
function withSiteSettings(html: string, settings: PageSettings): string {
  const name = escapeHtml(settings.siteName);
  const meta =
    `<meta name="application-name" content="${name}" />` +
    `<meta name="site-currency" content="${escapeHtml(settings.currency)}" />` +
    `<meta name="signups-open" content="${settings.signupsOpen ? 'true' : 'false'}" />` +
    `<meta name="max-upload-mb" content="${settings.maxUploadMb}" />` +
    (settings.adSlotUrl ? `<meta name="ad-slot-url" content="${escapeHtml(settings.adSlotUrl)}" />` : '') +
    (settings.supportEmail
      ? `<meta name="support-email" content="${escapeHtml(settings.supportEmail)}" />`
      : '');
  return html.replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`).replace('</head>', `${meta}</head>`);
}

/** The web build's list of the app's chunks (apps/web/first-load-script.ts). */
const APP_MODULES = '<template data-app-modules>';
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
    const template = hasWebBuild ? await readFile(indexFile, 'utf8') : '';
    const preloadsFile = path.join(webDistDir, 'route-preloads.json');
    const preloadsManifest: unknown = existsSync(preloadsFile)
      ? JSON.parse(await readFile(preloadsFile, 'utf8'))
      : [];
    const preloadTags = routePreloadTags(preloadsManifest);
    const firstView = routeFirstViews(preloadsManifest);
    const siteSettings = createSiteSettingsService(app.ctx);
    // The page changes only when the settings do: keep the last one rendered.
    let rendered = { key: '', html: '' };
    const indexHtml = async (pathname: string): Promise<string> => {
      const current = await siteSettings.current();
      const settings: PageSettings = {
        siteName: current.site_name,
        currency: app.ctx.config.currency,
        adSlotUrl: current.ad_slot_url,
        signupsOpen: current.signups_open,
        supportEmail: current.support_email,
        maxUploadMb: app.ctx.config.maxUploadMb,
      };
      const key = JSON.stringify(settings);
      if (rendered.key !== key) rendered = { key, html: withSiteSettings(template, settings) };
      // The page's own styles start with it; its code joins the app's chunks, which the web app
      // fetches together once the first view is drawn (decision 0053).
      const tags = preloadTags(pathname);
      // Its first view is drawn from the HTML, before any script has run.
      const view = firstView(pathname, settings.siteName);
      let html = rendered.html;
      if (tags.styles) html = html.replace('</head>', `${tags.styles}</head>`);
      if (tags.scripts) {
        html = html.includes(APP_MODULES)
          ? html.replace(APP_MODULES, `${APP_MODULES}${tags.scripts}`)
          : html.replace('</head>', `${tags.scripts}</head>`);
      }
      if (view) html = html.replace('<div id="root"></div>', () => `<div id="root">${view}</div>`);
      return html;
    };
    if (hasWebBuild) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        prefix: '/',
        wildcard: false,
        index: false,
        // The build writes .br and .gz copies next to each asset.
        preCompressed: true,
        // index.html is sent by the fallback below, with the site settings and the page's files
        // (route-preloads.json) filled in.
        allowedPath: (pathName) => pathName !== '/index.html' && pathName !== '/route-preloads.json',
        setHeaders: (res, filePath) => {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', IMMUTABLE);
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url;
      if (
        // The API and its documentation (whose UI files are under /api/docs/static/).
        url.startsWith('/api/') ||
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
      const html = await indexHtml(url.split('?')[0] ?? url);
      return sendPage(request, reply.header('cache-control', 'no-cache'), html);
    });
  },
  { name: 'web', dependencies: ['context'] },
);

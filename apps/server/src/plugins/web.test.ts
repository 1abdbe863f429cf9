import { ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('HEAD on web app pages', () => {
  it.each(['/', '/browse', '/movie-details/12', '/search?q=abc'])(
    '%s answers like GET, without a body',
    async (url) => {
      const get = await server.app.inject({ method: 'GET', url });
      const head = await server.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['content-length']).toBe(get.headers['content-length']);
      expect(head.headers['cache-control']).toBe('no-cache');
      expect(head.body).toBe('');
    },
  );

  it('answers like GET for built assets', async () => {
    const head = await server.app.inject({ method: 'HEAD', url: '/assets/app-1234.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toContain('immutable');
    expect(head.body).toBe('');
  });

  it('is still a 404 for unknown API paths, and other methods on pages are not pages', async () => {
    const api = await server.app.inject({ method: 'HEAD', url: '/api/v1/nope' });
    expect(api.statusCode).toBe(404);
    const docsFile = await server.app.inject({ method: 'GET', url: '/api/docs/static/nope.js' });
    expect(docsFile.statusCode).toBe(404);
    expect(docsFile.json()).toEqual({ status: false, message: ServerMessages.notFound });
    const post = await server.app.inject({ method: 'POST', url: '/browse' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ status: false, message: ServerMessages.notFound });
  });
});

describe("a page's own files", () => {
  it('are named in the page sent for its address, and only there', async () => {
    const browse = await server.app.inject({ method: 'GET', url: '/browse?tab=1' });
    // The page's chunks join the app's, which the web app fetches once the first view is drawn.
    expect(browse.body).toContain(
      '<template data-app-modules><link rel="modulepreload" crossorigin href="/assets/browse-1234.js">',
    );
    expect(browse.body).toContain('<link rel="stylesheet" crossorigin href="/assets/browse-1234.css">');
    const other = await server.app.inject({ method: 'GET', url: '/billing' });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('browse-1234');
  });

  it("draw the page's first view in the page, with the site's name, and only there", async () => {
    const browse = await server.app.inject({ method: 'GET', url: '/browse' });
    expect(browse.body).toContain(
      '<div id="root"><header class="first-view"><a class="brand">Reeltime</a></header></div>',
    );
    const other = await server.app.inject({ method: 'GET', url: '/billing' });
    expect(other.body).toContain('<div id="root"></div>');
  });

  it('the list itself is not served', async () => {
    const list = await server.app.inject({ method: 'GET', url: '/route-preloads.json' });
    expect(list.body).not.toContain('browse-1234');
  });
});

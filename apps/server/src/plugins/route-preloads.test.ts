import { describe, expect, it } from 'vitest';
import { routeFirstViews, routePreloadTags } from './route-preloads';

const manifest = [
  { pattern: '/', scripts: ['/assets/landing-1.js'], styles: [] },
  {
    pattern: '/browse',
    scripts: ['/assets/browse-1.js', '/assets/card-2.js'],
    styles: ['/assets/browse-1.css'],
  },
  { pattern: '/movies/:id?', scripts: ['/assets/movies-1.js'], styles: [] },
  { pattern: '/movie-details/:id', scripts: ['/assets/details-1.js'], styles: [] },
];

describe('routePreloadTags', () => {
  const tags = routePreloadTags(manifest);

  it("links a page's stylesheets and preloads its chunks", () => {
    expect(tags('/browse')).toEqual({
      styles: '<link rel="stylesheet" crossorigin href="/assets/browse-1.css">',
      scripts:
        '<link rel="modulepreload" crossorigin href="/assets/browse-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/card-2.js">',
    });
  });

  it('matches parameters, optional ones and a trailing slash', () => {
    expect(tags('/movie-details/12').scripts).toContain('details-1.js');
    expect(tags('/movies').scripts).toContain('movies-1.js');
    expect(tags('/movies/3').scripts).toContain('movies-1.js');
    expect(tags('/browse/').scripts).toContain('browse-1.js');
    expect(tags('/').scripts).toContain('landing-1.js');
  });

  it('adds nothing for other pages', () => {
    expect(tags('/movie-details')).toEqual({ styles: '', scripts: '' });
    expect(tags('/movie-details/12/more')).toEqual({ styles: '', scripts: '' });
    expect(tags('/browsex')).toEqual({ styles: '', scripts: '' });
    expect(tags('/billing')).toEqual({ styles: '', scripts: '' });
  });

  it('ignores entries that are not asset paths, and a manifest that is not a list', () => {
    const odd = routePreloadTags([
      { pattern: '/a', scripts: ['https://elsewhere.example/x.js'], styles: [] },
      { pattern: '/b', scripts: ['/assets/"><script>.js'], styles: [] },
      { pattern: 'c', scripts: [], styles: [] },
    ]);
    const none = { styles: '', scripts: '' };
    expect(odd('/a')).toEqual(none);
    expect(odd('/b')).toEqual(none);
    expect(routePreloadTags({ pattern: '/' })('/')).toEqual(none);
  });
});

describe('routeFirstViews', () => {
  const views = routeFirstViews([
    {
      pattern: '/login',
      scripts: [],
      styles: [],
      firstView: '<a class="brand">__APP_NAME__</a><h1>Sign In</h1>',
    },
    { pattern: '/browse', scripts: [], styles: [] },
  ]);

  it("gives the page's first view with the site's name, escaped", () => {
    expect(views('/login', 'Reel & <Co>')).toBe(
      '<a class="brand">Reel &#38; &#60;Co&#62;</a><h1>Sign In</h1>',
    );
    expect(views('/login/', 'Reeltime')).toContain('<h1>Sign In</h1>');
  });

  it('gives nothing for a page without one, or another address', () => {
    expect(views('/browse', 'Reeltime')).toBe('');
    expect(views('/billing', 'Reeltime')).toBe('');
    expect(routeFirstViews({ firstView: '<h1>x</h1>' })('/', 'Reeltime')).toBe('');
  });
});

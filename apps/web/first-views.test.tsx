import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type Handlers } from './src/testing/fetch-mock';
import { renderApp, signIn } from './src/testing/render';
import { FIRST_VIEWS, type FirstViewName } from './first-views';

/** Every element in document order, as `tag.class.class` (what the page's stylesheets draw from). */
function outline(root: ParentNode): string[] {
  return Array.from(root.querySelectorAll('*')).map((element) =>
    [element.tagName.toLowerCase(), ...Array.from(element.classList).sort()].join('.'),
  );
}

/** The elements of the first view are those React draws, in the same order and with the same classes. */
function expectDrawnByReact(view: FirstViewName, container: HTMLElement): void {
  const template = document.createElement('template');
  template.innerHTML = FIRST_VIEWS[view].replaceAll('__APP_NAME__', 'Reeltime');
  const drawn = outline(container);
  const missing: string[] = [];
  let at = 0;
  for (const element of outline(template.content)) {
    const found = drawn.indexOf(element, at);
    if (found === -1) missing.push(element);
    else at = found + 1;
  }
  expect(missing).toEqual([]);
}

/** A read that stays pending: the page shows its placeholders. */
const pending = () => new Promise<never>(() => {});

describe('first views', () => {
  it('the sign-in page is drawn as its first view, heading, fields and links', async () => {
    mockApi();
    const { container } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    expectDrawnByReact('login', container);
    expectDrawnByReact('public', container);
  });

  it('the landing page frame', async () => {
    mockApi({ 'GET /user/banners': pending } as Handlers);
    const { container } = renderApp('/');
    await waitFor(() => expect(container.querySelector('.public-layout--landing')).not.toBeNull());
    expectDrawnByReact('landing', container);
  });

  it('browse: the header and the banner placeholder', async () => {
    signIn();
    mockApi({
      'GET /user/banners': pending,
      'GET /user/continue-watching': pending,
      'GET /user/home-rows': pending,
      'GET /user/popular-movie': pending,
    } as Handlers);
    const { container } = renderApp('/browse');
    await waitFor(() => expect(container.querySelector('.hero--loading')).not.toBeNull());
    expectDrawnByReact('browse', container);
  });

  it('movies and TV shows: the heading, the genre button and the card placeholders', async () => {
    signIn();
    mockApi({
      'GET /user/movie-list': pending,
      'GET /user/tvshow-list': pending,
      'GET /user/get-gener': pending,
    } as Handlers);
    const movies = renderApp('/movies');
    await screen.findByRole('heading', { name: 'Movies' });
    expectDrawnByReact('movies', movies.container);
    movies.unmount();
    const shows = renderApp('/tv-show');
    await screen.findByRole('heading', { name: 'TV Shows' });
    expectDrawnByReact('tvShows', shows.container);
  });

  it("a title's details: the player and grid placeholders", async () => {
    signIn();
    mockApi({ 'GET /user/movie-details/:id': pending } as Handlers);
    const { container } = renderApp('/movie-details/7');
    await waitFor(() => expect(container.querySelector('.player--loading')).not.toBeNull());
    expectDrawnByReact('details', container);
    expectDrawnByReact('site', container);
  });
});

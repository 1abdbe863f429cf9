import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Messages, ServerMessages } from '@reeltime/contract';
import { GRID_CARD_SIZES } from '../components/card-sizes';
import { fail, mockApi, ok } from '../testing/fetch-mock';
import { banner, genres, household, movieCards, movieDetail } from '../testing/fixtures';
import { renderApp, signIn } from '../testing/render';

describe('routing and session', () => {
  it('sends a visitor from member-only pages to /login', async () => {
    mockApi();
    for (const path of ['/my-watch-list', '/mylist', '/search?q=x', '/edit-profile']) {
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      unmount();
    }
  });

  it('shows the real watch list on /mylist', async () => {
    signIn();
    const api = mockApi({ 'GET /user/watch-list': ok(movieCards(2, 50)) });
    renderApp('/mylist');

    expect(await screen.findByRole('heading', { level: 1, name: 'My WatchList' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Title 50' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Title 51' })).toBeInTheDocument();
    expect(api.calls('GET /user/watch-list')[0]?.url.searchParams.get('page')).toBe('1');
  });

  it('shows the empty texts for an empty list', async () => {
    signIn();
    mockApi({ 'GET /user/watch-list': ok([]) });
    renderApp('/my-watch-list');
    expect(await screen.findByText(Messages.emptyResultTitle)).toBeInTheDocument();
    expect(screen.getByText(Messages.emptyResultHint)).toBeInTheDocument();
  });

  it('shows a 404 page for unknown routes', async () => {
    mockApi();
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Default Title | Reeltime');
  });

  it('gives a visitor the Login button and a member the search box and profile menu', async () => {
    mockApi({ 'GET /user/tvshow-list': ok([]) });
    const visitor = renderApp('/tv-show');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Movies', 'TV Show', 'My Watchlist']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).queryByRole('button', { name: 'Open search' })).not.toBeInTheDocument();
    visitor.unmount();

    signIn();
    renderApp('/tv-show');
    const memberNav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(memberNav).getByRole('button', { name: 'Open search' })).toBeInTheDocument();
    expect(within(memberNav).getByRole('button', { name: 'Account menu for Asha Rao' })).toBeInTheDocument();
    expect(within(memberNav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('hides the navigation search box on /search', async () => {
    signIn();
    mockApi({ 'GET /user/get-search': ok({ movieList: movieCards(1) }) });
    renderApp('/search?q=title');
    expect(await screen.findByRole('heading', { name: 'Title 1' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('button', { name: 'Open search' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveValue('title');
  });

  it('logs out from the keyboard-operable profile menu: toast, storage cleared, back to /', async () => {
    signIn();
    const api = mockApi({
      'GET /user/tvshow-list': ok([]),
      'GET /user/profiles': ok(household()),
      'GET /logout': ok(null, ServerMessages.logoutSuccess),
      // The landing page the member is sent to loads its banners.
      'GET /user/banners': ok([]),
    });
    const { router } = renderApp('/tv-show');
    const user = userEvent.setup();

    const button = await screen.findByRole('button', { name: 'Account menu for Asha Rao' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(within(menu).getByRole('menuitem', { name: 'Subscription plans' })).toHaveAttribute(
      'href',
      '/plans',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Billing history' })).toHaveAttribute(
      'href',
      '/billing',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/edit-profile');
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText(ServerMessages.logoutSuccess)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(api.calls('GET /logout')).toHaveLength(1);
  });

  it('toasts the logout fallback when the call fails, and still signs out', async () => {
    signIn();
    mockApi({
      'GET /user/tvshow-list': ok([]),
      'GET /user/profiles': ok(household()),
      'GET /logout': fail(500, ''),
      'GET /user/banners': ok([]),
    });
    const { router } = renderApp('/tv-show');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu for Asha Rao' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText(Messages.logoutFailed)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe('landing page', () => {
  it('alerts on a malformed email and carries a good one to /signup', async () => {
    mockApi({ 'GET /user/banners': ok([banner()]) });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    const [email] = screen.getAllByLabelText('Email address');
    expect(email).toBeRequired();

    await user.type(email as HTMLElement, 'asha@example');
    await user.click(screen.getAllByRole('button', { name: /get started/i })[0] as HTMLElement);
    expect(screen.getByRole('alert')).toHaveTextContent(Messages.landingEmailInvalid);

    await user.type(email as HTMLElement, '.com');
    await user.click(screen.getAllByRole('button', { name: /get started/i })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(await screen.findByLabelText('Email')).toHaveValue('asha@example.com');
  });

  it('has six FAQ questions, the plan prices, the submit link and the 2025 copyright', async () => {
    mockApi({ 'GET /user/banners': ok([banner()]) });
    renderApp('/');
    const faq = await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
    const section = faq.closest('section') as HTMLElement;
    const questions = within(section).getAllByRole('button', { expanded: false });
    expect(questions).toHaveLength(6);
    await userEvent.click(within(section).getByRole('button', { name: /how much does/i }));
    expect(within(section).getByText(/₹149 to ₹649 a month/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Submit Your Movie' })).toHaveAttribute(
      'href',
      '/submit-your-movie',
    );
    expect(screen.getByText(/© 2025/)).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Sign In' }))
      expect(link).toHaveAttribute('href', '/login');
  });
});

describe('titles', () => {
  it('filters by cast without a genre dropdown, and by genre with one', async () => {
    const api = mockApi({ 'GET /user/movie-list': ok(movieCards(3)), 'GET /user/get-gener': ok(genres) });
    const cast = renderApp('/movies/5?type=cast');
    expect(await screen.findByRole('heading', { name: 'Title 1' })).toBeInTheDocument();
    expect(api.calls('GET /user/movie-list')[0]?.url.searchParams.get('actor_id')).toBe('5');
    expect(screen.queryByRole('button', { name: /genres/i })).not.toBeInTheDocument();
    cast.unmount();

    const { router } = renderApp('/movies/2?type=genre');
    const dropdown = await screen.findByRole('button', { name: /Genre:\s*Comedy/ });
    expect(api.calls('GET /user/movie-list')[1]?.url.searchParams.get('genre_id')).toBe('2');
    await userEvent.click(dropdown);
    await userEvent.click(screen.getByRole('link', { name: 'Thriller' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/movies/3?type=genre'),
    );
  });

  it('draws the movie grid’s cards from the copies that fit their column, the first row eagerly', async () => {
    const cards = movieCards(8).map((card) => ({
      ...card,
      thumbnail_sources: [
        { url: `/media/images/thumb-${card.id}.320w.webp`, width: 320 },
        { url: card.thumbnail_image, width: 640 },
      ],
    }));
    mockApi({ 'GET /user/movie-list': ok(cards), 'GET /user/get-gener': ok(genres) });
    renderApp('/movies');

    await screen.findByRole('heading', { name: 'Title 8' });
    const images = cards.map((card) => screen.getByRole('img', { name: card.name }));
    expect(images[0]).toHaveAttribute(
      'srcset',
      '/media/images/thumb-1.320w.webp 320w, /media/images/thumb-1.jpg 640w',
    );
    for (const image of images) expect(image).toHaveAttribute('sizes', GRID_CARD_SIZES);
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([
      ...Array<string>(6).fill('eager'),
      'lazy',
      'lazy',
    ]);
  });

  it('gives a visitor the trailer and a Watch Now link to sign in that comes back to the title', async () => {
    mockApi({ 'GET /user/movie-details/:id': ok(movieDetail()) });
    renderApp('/movie-details/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Night Harbour' })).toBeInTheDocument();
    expect(screen.getByTitle('Night Harbour video player')).toHaveAttribute(
      'src',
      expect.stringContaining('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'),
    );
    expect(screen.getByRole('link', { name: 'Watch Now' })).toHaveAttribute(
      'href',
      '/login?next=%2Fmovie-details%2F7',
    );
    expect(document.title).toBe('Movie | Reeltime');
  });

  it('gives a member the first video link, More Like This and Cast and Crew', async () => {
    signIn();
    mockApi({
      'GET /user/movie-details/:id': ok(
        movieDetail({
          video_links: [{ type: 'url', url: '/media/videos/7/full.mp4' }],
          more_items: movieCards(2, 20),
          casts: [
            {
              id: 9,
              name: 'Mira Sen',
              profile_image: '/media/images/cast-9.jpg',
              job_title: 'Actor',
              has_email: true,
            },
          ],
        }),
      ),
    });
    const { container } = renderApp('/movie-details/7');

    await screen.findByRole('heading', { level: 1, name: 'Night Harbour' });
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('src', '/media/videos/7/full.mp4');
    expect(video).toHaveAttribute('poster', '/media/images/thumb-7.jpg');
    expect(screen.queryByRole('link', { name: 'Watch Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'More Like This' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Title 20' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cast and Crew' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Mira Sen/ })).toHaveAttribute('href', '/movies/9?type=cast');
  });

  it('says No movie details found. when the title cannot be loaded', async () => {
    mockApi({ 'GET /user/movie-details/:id': fail(404, ServerMessages.titleNotFound) });
    renderApp('/movie-details/999');
    expect(
      await screen.findByRole('heading', { level: 1, name: Messages.noMovieDetails }),
    ).toBeInTheDocument();
  });
});

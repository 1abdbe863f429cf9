import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Messages, ServerMessages } from '@reeltime/contract';
import { fail, mockApi, ok } from '../testing/fetch-mock';
import { movieCard } from '../testing/fixtures';
import { renderWithRouter, signIn } from '../testing/render';
import { MovieCard } from './movie-card';

describe('MovieCard', () => {
  it('shows poster, name, content rating, formatted duration, language and Watch Now', () => {
    mockApi();
    renderWithRouter(<MovieCard movie={movieCard({ id: 4, name: 'Dune', duration: '2:35' })} />);

    const poster = screen.getByRole('img', { name: 'Dune' });
    expect(poster).toHaveAttribute('src', '/media/images/thumb-4.jpg');
    expect(poster).toHaveAttribute('loading', 'lazy');
    expect(poster).toHaveAttribute('width');
    expect(poster).toHaveAttribute('height');
    expect(screen.getByRole('heading', { name: 'Dune' })).toBeInTheDocument();
    expect(screen.getByText('U/A 13+')).toBeInTheDocument();
    expect(screen.getByText('2hrs 35min')).toBeInTheDocument();
    expect(screen.getByText('English')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /watch now/i })).toHaveAttribute('href', '/watch/4');
    // The art and the name open the details page: one link, stretched over the card.
    expect(screen.getByRole('link', { name: 'Dune' })).toHaveAttribute('href', '/movie-details/4');
  });

  it('falls back to the poster image and shows the duration fallbacks', () => {
    mockApi();
    renderWithRouter(
      <>
        <MovieCard movie={movieCard({ id: 1, thumbnail_image: '', duration: null })} />
        <MovieCard movie={movieCard({ id: 2, duration: '2h' })} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Title 1' })).toHaveAttribute('src', '/media/images/poster-1.jpg');
    expect(screen.getByText('Unknown duration')).toBeInTheDocument();
    expect(screen.getByText('Invalid duration')).toBeInTheDocument();
  });

  it('offers the copies of the thumbnail the API lists, by width, for the layout’s drawn size', () => {
    mockApi();
    const sources = [
      { url: '/media/images/thumb-4.320w.webp', width: 320 },
      { url: '/media/images/thumb-4.480w.webp', width: 480 },
      { url: '/media/images/thumb-4.jpg', width: 640 },
    ];
    renderWithRouter(
      <MovieCard
        movie={movieCard({ id: 4, name: 'Dune', thumbnail_sources: sources })}
        imageSizes="(min-width: 768px) 30vw, 45vw"
        eager
      />,
    );

    const image = screen.getByRole('img', { name: 'Dune' });
    expect(image).toHaveAttribute(
      'srcset',
      '/media/images/thumb-4.320w.webp 320w, /media/images/thumb-4.480w.webp 480w, /media/images/thumb-4.jpg 640w',
    );
    expect(image).toHaveAttribute('sizes', '(min-width: 768px) 30vw, 45vw');
    expect(image).toHaveAttribute('src', '/media/images/thumb-4.jpg');
    expect(image).toHaveAttribute('loading', 'eager');
  });

  it('shows the image alone when the API lists no copies, or the card falls back to the poster', () => {
    mockApi();
    renderWithRouter(
      <>
        <MovieCard movie={movieCard({ id: 5 })} />
        <MovieCard movie={movieCard({ id: 6, thumbnail_sources: [] })} />
        <MovieCard
          movie={movieCard({
            id: 7,
            thumbnail_image: '',
            thumbnail_sources: [{ url: '/media/images/thumb-7.320w.webp', width: 320 }],
          })}
        />
      </>,
    );
    for (const id of [5, 6, 7]) {
      const image = screen.getByRole('img', { name: `Title ${id}` });
      expect(image).not.toHaveAttribute('srcset');
      expect(image).not.toHaveAttribute('sizes');
    }
    expect(screen.getByRole('img', { name: 'Title 7' })).toHaveAttribute('src', '/media/images/poster-7.jpg');
  });

  it('sends a visitor to /login from the watch list toggle', async () => {
    const api = mockApi();
    renderWithRouter(<MovieCard movie={movieCard({ id: 3 })} />);

    await userEvent.click(screen.getByRole('button', { name: 'Add Title 3 to My Watchlist' }));

    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(api.requests).toHaveLength(0);
  });

  it('flips the toggle only after the server agrees and toasts its message', async () => {
    signIn();
    const api = mockApi({
      'POST /user/save-watch-list': ok({ is_watch_list: true }, ServerMessages.addedToWatchList),
    });
    renderWithRouter(<MovieCard movie={movieCard({ id: 3 })} />);

    const toggle = screen.getByRole('button', { name: 'Add Title 3 to My Watchlist' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);

    expect(await screen.findByText(ServerMessages.addedToWatchList)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Title 3 from My Watchlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(api.calls('POST /user/save-watch-list')[0]?.json()).toEqual({ entertainment_id: 3 });
  });

  it('keeps the state and toasts Action failed! when the call fails without a message', async () => {
    signIn();
    mockApi({ 'POST /user/save-watch-list': fail(500, '') });
    renderWithRouter(<MovieCard movie={movieCard({ id: 3 })} />);

    await userEvent.click(screen.getByRole('button', { name: 'Add Title 3 to My Watchlist' }));

    expect(await screen.findByText(Messages.actionFailed)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add Title 3 to My Watchlist' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
  });
});

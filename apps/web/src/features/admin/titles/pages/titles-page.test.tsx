import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminTitleRow } from '@reeltime/contract';
import { fail, ok } from '../../../../testing/fetch-mock';
import { renderWithRouter } from '../../../../testing/render';
import { mockAdminApi } from '../../../../testing/admin-fetch-mock';
import { genres, titleRow } from '../testing/fixtures';
import { TitlesPage } from './titles-page';

const page = (items: AdminTitleRow[], total = items.length) => ok({ items, total, page: 1, per_page: 25 });

describe('Titles page', () => {
  it('lists every title with its type, status, genres, video and views', async () => {
    mockAdminApi({
      'GET /admin/genres': ok(genres),
      'GET /admin/titles': page([
        titleRow(),
        titleRow({
          id: 8,
          name: 'Night Shift',
          type: 'tvshow',
          is_published: false,
          video_state: 'processing',
          episodes: { total: 6, ready: 2 },
          genres: [],
        }),
      ]),
    });
    renderWithRouter(<TitlesPage />, { path: '/admin/titles' });
    const show = (await screen.findByRole('link', { name: 'Night Shift' })).closest('tr')!;
    expect(show).toHaveTextContent('TV show · No genre');
    expect(show).toHaveTextContent('Draft');
    expect(show).toHaveTextContent('Processing');
    expect(show).toHaveTextContent('2 of 6 episodes');
    const movie = screen.getByRole('link', { name: 'Harbour Lights' }).closest('tr')!;
    expect(movie).toHaveTextContent('Published');
    expect(movie).toHaveTextContent('Movie · Drama');
    expect(movie).toHaveTextContent('4 Jun 2021');
    expect(movie).toHaveTextContent('Ready');
    expect(movie).toHaveTextContent('1,200');
    expect(screen.getByRole('link', { name: 'Harbour Lights' })).toHaveAttribute('href', '/admin/titles/7');
  });

  it('sends the filters, sort and page kept in the URL, and changes them there', async () => {
    const api = mockAdminApi({
      'GET /admin/genres': ok(genres),
      'GET /admin/titles': page([titleRow()], 60),
    });
    renderWithRouter(<TitlesPage />, {
      path: '/admin/titles?search=harbour&type=movie&genre=2&published=true&video=false&sort=name&page=2',
    });
    await screen.findByRole('link', { name: 'Harbour Lights' });
    const sent = api.adminCalls('GET /admin/titles')[0]!.url.searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      search: 'harbour',
      type: 'movie',
      genre_id: '2',
      published: 'true',
      has_video: 'false',
      sort: 'name',
      order: 'asc',
      page: '2',
      per_page: '25',
    });
    expect(screen.getByLabelText('Search titles')).toHaveValue('harbour');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Views/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('sort=views'));
    expect(screen.getByTestId('location')).not.toHaveTextContent('page=2');

    await user.selectOptions(screen.getByLabelText('Status'), 'false');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('published=false'));
    await waitFor(() =>
      expect(api.adminCalls('GET /admin/titles').at(-1)!.url.searchParams.get('published')).toBe('false'),
    );

    const search = screen.getByLabelText('Search titles');
    await user.clear(search);
    await user.type(search, 'night{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('search=night'));
  });

  it('publishes the selected titles after a confirmation', async () => {
    const api = mockAdminApi({
      'GET /admin/genres': ok(genres),
      'GET /admin/titles': page([
        titleRow({ id: 7, is_published: false }),
        titleRow({ id: 8, name: 'Night Shift', is_published: false }),
      ]),
      'POST /admin/titles/bulk': ok({ updated: 2 }, '2 titles published.'),
    });
    renderWithRouter(<TitlesPage />, { path: '/admin/titles' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Harbour Lights' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Night Shift' }));
    expect(screen.getByText('2 titles selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Publish 2 titles?' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('2 titles published.')).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/titles/bulk')[0]!.json()).toEqual({ ids: [7, 8], action: 'publish' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled());
  });

  it('says when nothing matches, and clears the filters', async () => {
    mockAdminApi({ 'GET /admin/genres': ok(genres), 'GET /admin/titles': page([]) });
    renderWithRouter(<TitlesPage />, { path: '/admin/titles?type=tvshow' });
    expect(await screen.findByText('No title matches.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/titles$/));
  });

  it('shows a failure with a way to try again', async () => {
    const api = mockAdminApi({
      'GET /admin/genres': ok(genres),
      'GET /admin/titles': fail(500, 'Something went wrong on our side.'),
    });
    renderWithRouter(<TitlesPage />, { path: '/admin/titles' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    api.setAdmin('GET /admin/titles', page([titleRow()]));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Harbour Lights' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminLibraryMessages as M, type AdminGenre } from '@reeltime/contract';
import { mockAdminApi } from '../../../../testing/admin-fetch-mock';
import { fail, ok } from '../../../../testing/fetch-mock';
import { renderWithRouter } from '../../../../testing/render';
import { GenresPage } from './genres-page';

const genres: AdminGenre[] = [
  { id: 1, name: 'Drama', title_count: 3 },
  { id: 2, name: 'Noir', title_count: 0 },
];

describe('Genres page', () => {
  it('lists genres with how many titles use them, and only lets unused ones be deleted', async () => {
    mockAdminApi({ 'GET /admin/genres': ok(genres) });
    renderWithRouter(<GenresPage />);
    const drama = (await screen.findByText('Drama')).closest('tr')!;
    expect(drama).toHaveTextContent('3 titles');
    expect(within(drama).getByRole('button', { name: 'Delete Drama' })).toBeDisabled();
    expect(
      within(screen.getByText('Noir').closest('tr')!).getByRole('button', { name: 'Delete Noir' }),
    ).toBeEnabled();
  });

  it('adds a genre, says so and shows it', async () => {
    const api = mockAdminApi({
      'GET /admin/genres': ok(genres),
      'POST /admin/genres': ok({ id: 3, name: 'Western', title_count: 0 }, M.genreCreated, 201),
    });
    renderWithRouter(<GenresPage />);
    await screen.findByText('Drama');
    api.setAdmin('GET /admin/genres', ok([...genres, { id: 3, name: 'Western', title_count: 0 }]));
    await userEvent.type(screen.getByLabelText('New genre'), 'Western');
    await userEvent.click(screen.getByRole('button', { name: 'Add genre' }));
    expect(await screen.findByText('Genre “Western” created.')).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/genres')[0]!.json()).toEqual({ name: 'Western' });
    expect(await screen.findByRole('cell', { name: 'Western' })).toBeInTheDocument();
    expect(screen.getByLabelText('New genre')).toHaveValue('');
  });

  it('checks the name before sending and shows the server refusing a taken one on the field', async () => {
    const api = mockAdminApi({
      'GET /admin/genres': ok(genres),
      'PATCH /admin/genres/:id': fail(409, M.genreNameTaken),
      'POST /admin/genres': fail(422, M.genreNameTaken, { name: [M.genreNameTaken] }),
    });
    renderWithRouter(<GenresPage />);
    await screen.findByText('Drama');
    await userEvent.type(screen.getByLabelText('New genre'), ' ');
    await userEvent.click(screen.getByRole('button', { name: 'Add genre' }));
    expect(await screen.findByText(M.genreNameRequired)).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/genres')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('New genre'), 'drama');
    await userEvent.click(screen.getByRole('button', { name: 'Add genre' }));
    expect(await screen.findAllByText(M.genreNameTaken)).not.toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Rename Noir' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename “Noir”' });
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Drama');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.adminCalls('PATCH /admin/genres/:id')).toHaveLength(1));
    expect(api.adminCalls('PATCH /admin/genres/:id')[0]!.url.pathname).toMatch(/\/admin\/genres\/2$/);
    // Refused: the dialog stays open for another try.
    expect(screen.getByRole('dialog', { name: 'Rename “Noir”' })).toBeInTheDocument();
  });

  it('deletes an unused genre after asking', async () => {
    const api = mockAdminApi({
      'GET /admin/genres': ok(genres),
      'DELETE /admin/genres/:id': ok(null, M.genreDeleted),
    });
    renderWithRouter(<GenresPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Noir' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete “Noir”?' });
    expect(api.adminCalls('DELETE /admin/genres/:id')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete genre' }));
    expect(await screen.findByText('Genre “Noir” deleted.')).toBeInTheDocument();
    expect(api.adminCalls('DELETE /admin/genres/:id')).toHaveLength(1);
  });

  it('says when the genres cannot be loaded and retries', async () => {
    const api = mockAdminApi({ 'GET /admin/genres': fail(500, 'Something went wrong.') });
    renderWithRouter(<GenresPage />);
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    api.setAdmin('GET /admin/genres', ok(genres));
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText('Drama')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  AdminLibraryLimits,
  AdminLibraryMessages as M,
  ServerMessages,
  type AdminPerson,
} from '@reeltime/contract';
import { mockAdminApi } from '../../../../testing/admin-fetch-mock';
import { fail, ok } from '../../../../testing/fetch-mock';
import { fakePngFile, pngFile } from '../../../../testing/image-files';
import { renderWithRouter } from '../../../../testing/render';
import { PeoplePage } from './people-page';

const person = (fields: Partial<AdminPerson> = {}): AdminPerson => ({
  id: 4,
  name: 'Mira Sen',
  profile_image: '/media/uploads/people/a.webp',
  email: 'mira@example.com',
  has_email: true,
  title_count: 2,
  ...fields,
});
const page = (items: AdminPerson[], total = items.length) => ok({ items, total, page: 1, per_page: 25 });

describe('People page', () => {
  it('lists people with their private address and titles, searching and paging through the URL', async () => {
    const api = mockAdminApi({
      'GET /admin/people': page(
        [
          person(),
          person({
            id: 5,
            name: 'Raj Iyer',
            email: null,
            has_email: false,
            title_count: 0,
            profile_image: '',
          }),
        ],
        60,
      ),
    });
    renderWithRouter(<PeoplePage />, { path: '/admin/people?search=ra&page=2' });
    const mira = (await screen.findByText('Mira Sen')).closest('tr')!;
    expect(mira).toHaveTextContent('mira@example.com');
    expect(mira).toHaveTextContent('2 titles');
    expect(within(mira).getByRole('button', { name: 'Delete Mira Sen' })).toBeDisabled();
    expect(screen.getByText('Raj Iyer').closest('tr')).toHaveTextContent('None');
    expect(Object.fromEntries(api.adminCalls('GET /admin/people')[0]!.url.searchParams)).toEqual({
      search: 'ra',
      page: '2',
      per_page: '25',
    });

    await userEvent.clear(screen.getByLabelText('Search people'));
    await userEvent.type(screen.getByLabelText('Search people'), 'iyer{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/people?search=iyer'),
    );
  });

  it('adds a person with a photo and private address as a form, after checking the address', async () => {
    const api = mockAdminApi({
      'GET /admin/people': page([]),
      'POST /admin/people': ok(person({ id: 9, name: 'Leela Das', title_count: 0 }), M.personCreated, 201),
    });
    renderWithRouter(<PeoplePage />);
    expect(await screen.findByText('No people yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New person' }));
    const dialog = screen.getByRole('dialog', { name: 'New person' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Leela Das');
    await userEvent.type(within(dialog).getByLabelText('Email (private)'), 'not-an-address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(await within(dialog).findByText(M.personEmailInvalid)).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/people')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Email (private)'));
    await userEvent.type(within(dialog).getByLabelText('Email (private)'), 'leela@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(await within(dialog).findByText(M.personPhotoRequired)).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/people')).toHaveLength(0);
    const photo = pngFile('leela.png');
    await userEvent.upload(within(dialog).getByLabelText('Photo'), photo);
    expect(await within(dialog).findByAltText('Photo preview')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add person' }));

    expect(await screen.findByText('Leela Das added.')).toBeInTheDocument();
    const sent = api.adminCalls('POST /admin/people')[0]!.body as FormData;
    expect(sent.get('name')).toBe('Leela Das');
    expect(sent.get('email')).toBe('leela@example.com');
    expect((sent.get('photo') as File).name).toBe('leela.png');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses a photo that is not an image by its bytes, or too large, the moment it is chosen', async () => {
    mockAdminApi({ 'GET /admin/people': page([person()]) });
    renderWithRouter(<PeoplePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Mira Sen' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Mira Sen' });
    const input = within(dialog).getByLabelText('Photo');

    await userEvent.upload(input, fakePngFile('notes.png'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ServerMessages.unsupportedMedia);
    expect(input).toHaveValue('');
    expect(within(dialog).getByAltText('Photo preview')).toHaveAttribute(
      'src',
      '/media/uploads/people/a.webp',
    );

    await userEvent.upload(input, pngFile('huge.png', AdminLibraryLimits.imageBytes));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(M.imageTooLarge);

    await userEvent.upload(input, pngFile('mira.png'));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
    expect(within(dialog).getByAltText('Photo preview')).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
  });

  it('edits a person, keeps the photo unless a new one is chosen, and shows a refused picture on its field', async () => {
    const api = mockAdminApi({
      'GET /admin/people': page([person({ title_count: 0 })]),
      'PATCH /admin/people/:id': fail(415, 'The file is not a supported image (JPEG, PNG, WebP or GIF).'),
    });
    renderWithRouter(<PeoplePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Mira Sen' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Mira Sen' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Mira Sen');
    await userEvent.upload(within(dialog).getByLabelText('Photo'), pngFile('x.png'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('not a supported image');

    api.setAdmin('PATCH /admin/people/:id', ok(person({ profile_image: '', title_count: 0 }), M.personSaved));
    // Choosing nothing keeps the stored photo.
    await userEvent.upload(within(dialog).getByLabelText('Photo'), []);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mira Sen saved.')).toBeInTheDocument();
    const sent = api.adminCalls('PATCH /admin/people/:id')[1]!.body as FormData;
    expect(sent.get('photo')).toBeNull();
    expect(sent.get('name')).toBe('Mira Sen');
  });

  it('deletes someone in no cast after asking', async () => {
    const api = mockAdminApi({
      'GET /admin/people': page([person({ title_count: 0 })]),
      'DELETE /admin/people/:id': ok(null, M.personDeleted),
    });
    renderWithRouter(<PeoplePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Mira Sen' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete Mira Sen?' })).getByRole('button', {
        name: 'Delete person',
      }),
    );
    expect(await screen.findByText('Mira Sen deleted.')).toBeInTheDocument();
    expect(api.adminCalls('DELETE /admin/people/:id')[0]!.url.pathname).toMatch(/\/admin\/people\/4$/);
  });
});

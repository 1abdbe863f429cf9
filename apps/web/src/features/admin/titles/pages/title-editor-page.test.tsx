import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  AdminTitleLimits,
  AdminTitlesMessages as M,
  ServerMessages,
  type AdminSeason,
} from '@reeltime/contract';
import { fail, ok } from '../../../../testing/fetch-mock';
import { LocationProbe, renderWithRouter } from '../../../../testing/render';
import { mockAdminApi, type AdminHandlers } from '../../../../testing/admin-fetch-mock';
import { fakePngFile, pngFile } from '../../../../testing/image-files';
import { genres, person, siteSettings, titleDetail } from '../testing/fixtures';
import { NewTitlePage, TitleEditorPage } from './title-editor-page';

const editorRoutes = [
  { path: '/admin/titles/new', element: <NewTitlePage /> },
  { path: '/admin/titles/:id', element: <TitleEditorPage /> },
].map((route) => ({
  ...route,
  element: (
    <>
      {route.element}
      <LocationProbe />
    </>
  ),
}));

/** The console's API as the editor sees it: the rating scale comes from the site settings. */
function mockEditorApi(handlers: AdminHandlers) {
  return mockAdminApi({ 'GET /admin/settings': ok(siteSettings), ...handlers });
}

function renderEditor(path: string) {
  return renderWithRouter(<p>Titles list</p>, { path, extraRoutes: editorRoutes });
}

describe('Title editor', () => {
  it('shows every field of the title and saves them all', async () => {
    const api = mockEditorApi({
      'GET /admin/genres': ok(genres),
      'GET /admin/titles/:id': ok(titleDetail()),
      'PATCH /admin/titles/:id': (request) =>
        ok(titleDetail({ name: (request.json() as { name: string }).name }), M.saved),
    });
    renderEditor('/admin/titles/7');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Harbour Lights');
    expect(screen.getByLabelText('Description')).toHaveValue('A ferry pilot finds a letter.');
    expect(screen.getByLabelText('Release date')).toHaveValue('2021-06-04');
    expect(screen.getByLabelText('Duration (minutes)')).toHaveValue('104');
    expect(screen.getByLabelText('IMDB rating (0 to 10)')).toHaveValue('7.4');
    expect(screen.getByLabelText('Trailer address')).toHaveValue(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    expect(await screen.findByRole('checkbox', { name: 'Drama' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Comedy' })).not.toBeChecked();
    expect(screen.getByLabelText('Role of Ada Stone')).toHaveValue('Actor');
    expect(screen.getByRole('img', { name: 'Poster preview' })).toHaveAttribute(
      'src',
      '/media/images/posters/7.webp',
    );
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'Harbour Lights Returns');
    await user.click(screen.getByRole('checkbox', { name: 'Comedy' }));
    await user.click(screen.getByRole('checkbox', { name: 'Published (members can see it)' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(M.saved)).toBeInTheDocument();
    expect(api.adminCalls('PATCH /admin/titles/:id')[0]!.json()).toEqual({
      type: 'movie',
      name: 'Harbour Lights Returns',
      description: 'A ferry pilot finds a letter.',
      release_date: '2021-06-04',
      language: 'English',
      duration_minutes: 104,
      imdb_rating: 7.4,
      content_rating: 'PG-13',
      genre_ids: [1, 2],
      cast: [{ person_id: 3, job_title: 'Actor' }],
      is_free: false,
      is_published: false,
      trailer: { type: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled());
  });

  it('offers the content ratings of the site’s scale, keeping a stored rating that is not on it', async () => {
    const api = mockEditorApi({
      'GET /admin/settings': ok({ ...siteSettings, content_rating_scale: ['G', 'PG', 'PG-13', 'R'] }),
      'GET /admin/genres': ok(genres),
      'GET /admin/titles/:id': ok(titleDetail({ content_rating: 'PG13' })),
      'PATCH /admin/titles/:id': (request) =>
        ok(
          titleDetail({ content_rating: (request.json() as { content_rating: string }).content_rating }),
          M.saved,
        ),
    });
    renderEditor('/admin/titles/7');
    const user = userEvent.setup();
    const rating = await screen.findByRole('combobox', { name: 'Content rating' });
    expect(rating).toHaveValue('PG13');
    await waitFor(() =>
      expect(
        within(rating)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['No rating', 'G', 'PG', 'PG-13', 'R', 'PG13 (not on the rating scale)']),
    );
    expect(rating).toHaveAccessibleDescription(/not on the scale in Settings/);

    await user.selectOptions(rating, 'PG-13');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(M.saved)).toBeInTheDocument();
    expect(api.adminCalls('PATCH /admin/titles/:id')[0]!.json()).toMatchObject({ content_rating: 'PG-13' });
  });

  it('refuses bad fields before sending, and shows the server’s field errors by their inputs', async () => {
    const api = mockEditorApi({
      'GET /admin/genres': ok(genres),
      'GET /admin/titles/:id': ok(titleDetail()),
      'PATCH /admin/titles/:id': fail(422, M.genreUnknown, { genre_ids: [M.genreUnknown] }),
    });
    renderEditor('/admin/titles/7');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.tab();
    expect(await screen.findByText(M.nameRequired)).toBeInTheDocument();
    const trailer = screen.getByLabelText('Trailer address');
    await user.clear(trailer);
    await user.type(trailer, 'https://vimeo.com/76979871');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(M.trailerNotYoutube)).toBeInTheDocument();
    expect(api.adminCalls('PATCH /admin/titles/:id')).toHaveLength(0);

    await user.type(name, 'Fixed');
    await user.selectOptions(screen.getByLabelText('Trailer link'), 'vimeo');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const fieldError = await screen.findAllByText(M.genreUnknown);
    expect(fieldError.length).toBeGreaterThanOrEqual(1);
    expect(api.adminCalls('PATCH /admin/titles/:id')[0]!.json()).toMatchObject({
      trailer: { type: 'vimeo', url: 'https://vimeo.com/76979871' },
    });
  });

  it('finds people and adds them to the cast with a role, in order', async () => {
    const api = mockEditorApi({
      'GET /admin/genres': ok(genres),
      'GET /admin/titles/:id': ok(titleDetail()),
      'GET /admin/people': ok({ items: [person()], total: 1, page: 1, per_page: 10 }),
      'PATCH /admin/titles/:id': ok(titleDetail(), M.saved),
    });
    renderEditor('/admin/titles/7');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Find a person to add'), 'ben');
    await user.click(await screen.findByRole('button', { name: 'Add Ben Hill' }));
    expect(api.adminCalls('GET /admin/people').at(-1)!.url.searchParams.get('search')).toBe('ben');
    const role = screen.getByLabelText('Role of Ben Hill');
    await user.clear(role);
    await user.type(role, 'Director');
    await user.click(screen.getByRole('button', { name: 'Move Ben Hill up' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(M.saved);
    expect((api.adminCalls('PATCH /admin/titles/:id')[0]!.json() as { cast: unknown }).cast).toEqual([
      { person_id: 4, job_title: 'Director' },
      { person_id: 3, job_title: 'Actor' },
    ]);
  });

  it('asks before leaving with unsaved changes', async () => {
    mockEditorApi({ 'GET /admin/genres': ok(genres), 'GET /admin/titles/:id': ok(titleDetail()) });
    renderEditor('/admin/titles/7');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Language'), ' (UK)');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to titles' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/titles/7');
    await user.click(screen.getByRole('link', { name: 'Back to titles' }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/titles$/));
  });

  it('unpublishes and deletes only after a confirmation', async () => {
    const api = mockEditorApi({
      'GET /admin/genres': ok(genres),
      'GET /admin/titles/:id': ok(titleDetail()),
      'PATCH /admin/titles/:id': ok(titleDetail({ is_published: false }), M.unpublished),
      'DELETE /admin/titles/:id': ok(null, M.deleted),
    });
    renderEditor('/admin/titles/7');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Language'), ' (UK)');
    expect(screen.getByRole('checkbox', { name: 'Published (members can see it)' })).toBeChecked();
    api.setAdmin('GET /admin/titles/:id', ok(titleDetail({ is_published: false })));
    await user.click(await screen.findByRole('button', { name: 'Unpublish' }));
    const unpublish = screen.getByRole('alertdialog', { name: 'Unpublish “Harbour Lights”?' });
    await user.click(within(unpublish).getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText(M.unpublished)).toBeInTheDocument();
    expect(api.adminCalls('PATCH /admin/titles/:id')[0]!.json()).toEqual({ is_published: false });
    // The switch follows the header's action; the unsaved edit stays.
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Published (members can see it)' })).not.toBeChecked(),
    );
    expect(screen.getByLabelText('Language')).toHaveValue('English (UK)');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete “Harbour Lights”?' });
    expect(api.adminCalls('DELETE /admin/titles/:id')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete title' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/titles$/));
    expect(api.adminCalls('DELETE /admin/titles/:id')).toHaveLength(1);
  });

  it('creates a title, uploads its poster, and opens it', async () => {
    const api = mockEditorApi({
      'GET /admin/genres': ok(genres),
      'POST /admin/titles': ok(titleDetail({ id: 12, name: 'Fresh', is_published: false }), M.created, 201),
      'POST /admin/titles/:id/images': ok(titleDetail({ id: 12, name: 'Fresh' }), M.imagesSaved),
      'GET /admin/titles/:id': ok(titleDetail({ id: 12, name: 'Fresh', is_published: false })),
    });
    renderEditor('/admin/titles/new');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Type'), 'tvshow');
    await user.type(screen.getByLabelText('Name'), 'Fresh');
    await user.upload(screen.getByLabelText('Poster'), pngFile('poster.png'));
    expect(await screen.findByAltText('Poster preview')).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    await user.click(screen.getByRole('button', { name: 'Create title' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/titles/12'));
    expect(api.adminCalls('POST /admin/titles')[0]!.json()).toMatchObject({
      type: 'tvshow',
      name: 'Fresh',
      is_published: false,
      trailer: null,
      genre_ids: [],
      cast: [],
    });
    const upload = api.adminCalls('POST /admin/titles/:id/images')[0]!;
    expect(upload.url.pathname).toBe('/api/v1/admin/titles/12/images');
    expect((upload.body as FormData).get('poster')).toBeInstanceOf(File);
    expect(await screen.findByText(M.created)).toBeInTheDocument();
  });

  it('refuses a poster that is not an image by its bytes, or too large, the moment it is chosen', async () => {
    const api = mockEditorApi({
      'GET /admin/genres': ok(genres),
      'POST /admin/titles': ok(titleDetail({ id: 12, name: 'Fresh', is_published: false }), M.created, 201),
      'POST /admin/titles/:id/images': ok(titleDetail({ id: 12, name: 'Fresh' }), M.imagesSaved),
      'GET /admin/titles/:id': ok(titleDetail({ id: 12, name: 'Fresh', is_published: false })),
    });
    renderEditor('/admin/titles/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Fresh');
    const poster = screen.getByLabelText('Poster');

    await user.upload(poster, fakePngFile('notes.png'));
    expect(await screen.findByRole('alert')).toHaveTextContent(ServerMessages.unsupportedMedia);
    expect(screen.queryByAltText('Poster preview')).not.toBeInTheDocument();
    expect(poster).toHaveValue('');

    await user.upload(poster, pngFile('huge.png', AdminTitleLimits.imageBytes));
    expect(await screen.findByRole('alert')).toHaveTextContent(M.imageTooLarge);
    expect(screen.queryByAltText('Poster preview')).not.toBeInTheDocument();

    await user.upload(poster, pngFile('poster.png'));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByAltText('Poster preview')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create title' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/titles/12'));
    expect(api.adminCalls('POST /admin/titles/:id/images')).toHaveLength(1);
  });

  it('manages the seasons and episodes of a show', async () => {
    const season: AdminSeason = {
      id: 21,
      title_id: 7,
      season_number: 1,
      name: 'Season 1',
      episodes: [
        {
          id: 31,
          season_id: 21,
          episode_number: 1,
          name: 'Pilot',
          description: '',
          duration_minutes: 44,
          thumbnail_image: '',
          video_state: 'failed',
        },
      ],
    };
    const api = mockEditorApi({
      'GET /admin/genres': ok(genres),
      'GET /admin/titles/:id': ok(titleDetail({ type: 'tvshow', seasons: [season] })),
      'POST /admin/titles/:id/seasons': ok({
        ...season,
        id: 22,
        season_number: 2,
        name: 'Season 2',
        episodes: [],
      }),
      'POST /admin/seasons/:id/episodes': ok(season.episodes[0]!),
      'DELETE /admin/episodes/:id': ok(null, M.episodeDeleted),
    });
    renderEditor('/admin/titles/7');
    const user = userEvent.setup();
    const row = (await screen.findByRole('cell', { name: 'Pilot' })).closest('tr')!;
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('44 min');

    await user.click(screen.getByRole('button', { name: 'Add season' }));
    expect(await screen.findByText('Season added.')).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/titles/:id/seasons')).toHaveLength(1);

    await user.type(screen.getByLabelText('New episode name'), 'Second');
    await user.click(screen.getByRole('button', { name: 'Add episode' }));
    await screen.findByText('Episode added.');
    expect(api.adminCalls('POST /admin/seasons/:id/episodes')[0]!.json()).toEqual({ name: 'Second' });

    await user.click(screen.getByRole('button', { name: 'Delete episode 1, Pilot' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete “Pilot”?' })).getByRole('button', {
        name: 'Delete episode',
      }),
    );
    expect(await screen.findByText('Episode deleted.')).toBeInTheDocument();
    expect(api.adminCalls('DELETE /admin/episodes/:id')[0]!.url.pathname).toBe('/api/v1/admin/episodes/31');
  });

  it('says so when the title does not exist', async () => {
    mockEditorApi({
      'GET /admin/genres': ok(genres),
      'GET /admin/titles/:id': fail(404, M.titleNotFound),
    });
    renderEditor('/admin/titles/999');
    expect(await screen.findByText('This title does not exist (any more).')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AdminMediaMessages, type AdminVideo, type MediaTarget } from '@reeltime/contract';
import { mockAdminApi, signInAdmin } from '../../../../testing/admin-fetch-mock';
import { fail, ok } from '../../../../testing/fetch-mock';
import { renderWithRouter } from '../../../../testing/render';
import { MediaPage } from './media-page';

function video(fields: Partial<AdminVideo> = {}): AdminVideo {
  return {
    id: 7,
    target: { title_id: 3, title_name: 'Night Train', episode_id: null, episode_label: null },
    status: 'ready',
    job: { id: 70, state: 'done', progress: 100, attempts: 1, max_attempts: 3 },
    last_error: null,
    duration_seconds: 125,
    size_bytes: 5 * 1024 * 1024,
    source: { filename: 'night-train.mov', size_bytes: 90_000_000, width: 1920, height: 1080 },
    renditions: [
      { name: '360p', height: 360, ready: true },
      { name: '720p', height: 720, ready: true },
      { name: '1080p', height: 1080, ready: true },
    ],
    captions: [],
    audio: { language: 'en', label: 'English', is_default: true, tracks: [] },
    created_at: Date.now(),
    ...fields,
    stream_owner_id: fields.stream_owner_id ?? fields.id ?? 7,
  };
}

const list = (items: AdminVideo[]) => ok({ items, total: items.length, page: 1, per_page: 20 });

const targets: MediaTarget[] = [
  {
    title_id: 3,
    name: 'Night Train',
    type: 'movie',
    is_published: true,
    video: { id: 7, status: 'ready' },
    episodes: [],
  },
  {
    title_id: 4,
    name: 'Harbour Lights',
    type: 'tvshow',
    is_published: false,
    video: null,
    episodes: [{ episode_id: 41, label: 'S1 E1 · Pilot', video: null }],
  },
];

beforeEach(() => {
  signInAdmin();
});

describe('Media page', () => {
  it('lists videos with state, renditions, duration and storage, and follows a running transcode', async () => {
    let progress = 20;
    const api = mockAdminApi({
      'GET /admin/media/targets': ok(targets),
      'GET /admin/videos': () => {
        progress += 30;
        return list([
          video(),
          video({
            id: 8,
            status: 'processing',
            target: {
              title_id: 4,
              title_name: 'Harbour Lights',
              episode_id: 41,
              episode_label: 'S1 E1 · Pilot',
            },
            job: { id: 80, state: 'running', progress, attempts: 1, max_attempts: 3 },
            renditions: [
              { name: '360p', height: 360, ready: false },
              { name: '720p', height: 720, ready: false },
            ],
            size_bytes: 0,
            duration_seconds: null,
          }),
        ]);
      },
    });
    renderWithRouter(<MediaPage />, { path: '/admin/media' });
    const table = await screen.findByRole('table', { name: /videos with their transcode state/i });
    const ready = (await within(table).findByText('Night Train')).closest('tr')!;
    expect(ready).toHaveTextContent('2:05');
    expect(ready).toHaveTextContent('5.0 MB');
    expect(ready).toHaveTextContent('night-train.mov · 1920×1080');
    expect(within(ready).getByText('Ready')).toBeInTheDocument();

    const bar = await screen.findByRole('progressbar', { name: 'Transcode of video 8' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '80'), { timeout: 4000 });
    expect(api.adminCalls('GET /admin/videos').length).toBeGreaterThanOrEqual(2);
    expect(bar.closest('tr')).toHaveTextContent('S1 E1 · Pilot');

    // The upload panel lists the targets: a movie, and the episodes of a show.
    expect(await screen.findByRole('radio', { name: /Night Train/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /S1 E1 · Pilot/ })).toBeInTheDocument();
    const fileInput = screen.getByLabelText('Video file');
    expect(fileInput).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('radio', { name: /S1 E1 · Pilot/ }));
    expect(fileInput).toBeEnabled();
    expect(screen.getByText('Harbour Lights · S1 E1 · Pilot')).toBeInTheDocument();
  });

  it('retries a failed transcode, and cancels and deletes only after a confirmation', async () => {
    const failed = video({
      id: 9,
      status: 'failed',
      last_error: 'ffmpeg exited with code 1',
      job: { id: 90, state: 'failed', progress: 12, attempts: 3, max_attempts: 3 },
    });
    const queued = video({
      id: 10,
      status: 'pending',
      job: { id: 100, state: 'queued', progress: 0, attempts: 0, max_attempts: 3 },
    });
    const api = mockAdminApi({
      'GET /admin/media/targets': ok(targets),
      'GET /admin/videos': list([failed, queued]),
      'POST /admin/videos/:id/retry': ok(video({ id: 9, status: 'pending' }), AdminMediaMessages.retried),
      'POST /admin/videos/:id/cancel': ok(video({ id: 10 }), AdminMediaMessages.cancelled),
      'DELETE /admin/videos/:id': ok(null, AdminMediaMessages.deleted),
    });
    renderWithRouter(<MediaPage />, { path: '/admin/media' });
    const user = userEvent.setup();
    expect(await screen.findByText('ffmpeg exited with code 1')).toBeInTheDocument();
    expect(screen.getByText('Queued')).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Retry the transcode of Night Train' })[0]!);
    expect(await screen.findByText(AdminMediaMessages.retried)).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/videos/:id/retry')[0]!.url.pathname).toBe(
      '/api/v1/admin/videos/9/retry',
    );

    await user.click(screen.getByRole('button', { name: 'Cancel the transcode of Night Train' }));
    const cancelDialog = screen.getByRole('alertdialog', { name: 'Cancel the transcode of “Night Train”?' });
    await user.click(within(cancelDialog).getByRole('button', { name: 'Cancel transcode' }));
    expect(await screen.findByText(AdminMediaMessages.cancelled)).toBeInTheDocument();

    const deletes = screen.getAllByRole('button', { name: 'Delete the video of Night Train' });
    await user.click(deletes[0]!);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the video of “Night Train”?' });
    expect(dialog).toHaveTextContent('5.0 MB');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.adminCalls('DELETE /admin/videos/:id')).toHaveLength(0);
    await user.click(deletes[0]!);
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete the video of “Night Train”?' })).getByRole(
        'button',
        {
          name: 'Delete video',
        },
      ),
    );
    expect(await screen.findByText(AdminMediaMessages.deleted)).toBeInTheDocument();
    expect(api.adminCalls('DELETE /admin/videos/:id')[0]!.url.pathname).toBe('/api/v1/admin/videos/9');
  });

  it('adds captions with a language and a label, and shows the server’s word on a bad file', async () => {
    const withCaptions = video({ captions: [{ id: 1, language: 'fr', label: 'Français', created_at: 1 }] });
    const api = mockAdminApi({
      'GET /admin/media/targets': ok(targets),
      'GET /admin/videos': list([withCaptions]),
      'GET /admin/videos/:id': ok(withCaptions),
      'POST /admin/videos/:id/captions': fail(422, AdminMediaMessages.captionNotVttOrSrt, {
        file: [AdminMediaMessages.captionNotVttOrSrt],
      }),
    });
    renderWithRouter(<MediaPage />, { path: '/admin/media' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Captions of Night Train (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Captions of Night Train' });
    expect(within(dialog).getByText('Français')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add captions' }));
    expect(await within(dialog).findByText(AdminMediaMessages.captionLanguage)).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/videos/:id/captions')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Language code'), 'en');
    await user.type(within(dialog).getByLabelText('Label'), 'English');
    await user.upload(
      within(dialog).getByLabelText(/Caption file/),
      new File(['hello'], 'notes.srt', { type: 'application/x-subrip' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add captions' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(AdminMediaMessages.captionNotVttOrSrt);
    const sent = api.adminCalls('POST /admin/videos/:id/captions')[0]!;
    expect(sent.url.pathname).toBe('/api/v1/admin/videos/7/captions');
  });

  it('lists a video’s audio languages with their state, names its own audio, and shows the server’s word on a bad file', async () => {
    const spanish = {
      id: 5,
      language: 'es',
      label: 'Español',
      origin: 'upload' as const,
      status: 'processing' as const,
      duration_seconds: 125,
      last_error: null,
      created_at: 1,
    };
    let current = video({ audio: { language: 'en', label: 'English', is_default: true, tracks: [spanish] } });
    const mismatch = AdminMediaMessages.audioLengthMismatch('12.0 s', '2:05');
    const api = mockAdminApi({
      'GET /admin/media/targets': ok(targets),
      'GET /admin/videos': () => list([current]),
      'GET /admin/videos/:id': () => ok(current),
      'PUT /admin/videos/:id/audio': ok({
        language: 'en-GB',
        label: 'English (UK)',
        is_default: false,
        tracks: [],
      }),
      'POST /admin/videos/:id/audio-tracks': fail(422, mismatch, { file: [mismatch] }),
      'DELETE /admin/videos/:id/audio-tracks/:trackId': ok(null),
    });
    renderWithRouter(<MediaPage />, { path: '/admin/media' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Audio of Night Train (2 languages)' }));
    const dialog = screen.getByRole('dialog', { name: 'Audio of Night Train' });
    const item = within(dialog).getByText('Español').closest('li')!;
    expect(item).toHaveTextContent('(es)');
    expect(item).toHaveTextContent('Encoding');
    // The dialog follows the job until the track is ready.
    current = video({
      audio: {
        language: 'en',
        label: 'English',
        is_default: true,
        tracks: [{ ...spanish, status: 'ready' }],
      },
    });
    await waitFor(() => expect(item).toHaveTextContent('Ready'), { timeout: 3000 });

    const [mainLanguage, trackLanguage] = within(dialog).getAllByLabelText('Language code');
    const [mainLabel, trackLabel] = within(dialog).getAllByLabelText('Label');
    expect(mainLanguage).toHaveValue('en');
    await user.clear(mainLanguage!);
    await user.type(mainLanguage!, 'en-GB');
    await user.clear(mainLabel!);
    await user.type(mainLabel!, 'English (UK)');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(api.adminCalls('PUT /admin/videos/:id/audio')).toHaveLength(1));
    expect(api.adminCalls('PUT /admin/videos/:id/audio')[0]!.json()).toEqual({
      language: 'en-GB',
      label: 'English (UK)',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Add audio' }));
    expect(await within(dialog).findByText(AdminMediaMessages.captionLanguage)).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/videos/:id/audio-tracks')).toHaveLength(0);
    await user.type(trackLanguage!, 'hi');
    await user.type(trackLabel!, 'हिन्दी');
    await user.click(within(dialog).getByRole('button', { name: 'Add audio' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(AdminMediaMessages.audioFileMissing);
    await user.upload(
      within(dialog).getByLabelText(/Audio file/),
      new File(['ID3'], 'hindi.mp3', { type: 'audio/mpeg' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add audio' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(mismatch);
    expect(api.adminCalls('POST /admin/videos/:id/audio-tracks')[0]!.url.pathname).toBe(
      '/api/v1/admin/videos/7/audio-tracks',
    );

    await user.click(within(item).getByRole('button', { name: 'Delete the Español audio' }));
    await user.click(await screen.findByRole('button', { name: 'Delete audio' }));
    await waitFor(() =>
      expect(api.adminCalls('DELETE /admin/videos/:id/audio-tracks/:trackId')).toHaveLength(1),
    );
    expect(api.adminCalls('DELETE /admin/videos/:id/audio-tracks/:trackId')[0]!.url.pathname).toBe(
      '/api/v1/admin/videos/7/audio-tracks/5',
    );
  });

  it('leaves a video that plays another video’s stream to that video: no retry, cancel or captions', async () => {
    mockAdminApi({
      'GET /admin/media/targets': ok(targets),
      'GET /admin/videos': list([
        video({
          id: 12,
          status: 'pending',
          stream_owner_id: 7,
          source: null,
          job: { id: 70, state: 'queued', progress: 0, attempts: 0, max_attempts: 3 },
        }),
      ]),
    });
    renderWithRouter(<MediaPage />, { path: '/admin/media' });
    const row = (await screen.findByText('#12')).closest('tr')!;
    expect(row).toHaveTextContent('shared');
    expect(within(row).getByRole('button', { name: /^Captions of Night Train/ })).toBeDisabled();
    expect(within(row).queryByRole('button', { name: /^Cancel the transcode/ })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Delete the video of Night Train' })).toBeEnabled();
  });

  it('says when nothing matches the filters, with a way back', async () => {
    mockAdminApi({ 'GET /admin/media/targets': ok([]), 'GET /admin/videos': list([]) });
    renderWithRouter(<MediaPage />, { path: '/admin/media?status=failed' });
    expect(await screen.findByText('No video matches.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/media$/));
    expect(await screen.findByText('No videos yet.')).toBeInTheDocument();
  });
});

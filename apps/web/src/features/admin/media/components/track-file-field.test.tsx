import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AdminMediaMessages, CaptionLimits, type AdminVideo } from '@reeltime/contract';
import { mockAdminApi, signInAdmin, type AdminHandlers } from '../../../../testing/admin-fetch-mock';
import { fail, ok, type MockRequest } from '../../../../testing/fetch-mock';
import { renderWithRouter } from '../../../../testing/render';
import { MediaPage } from '../pages/media-page';

const video: AdminVideo = {
  id: 7,
  target: { title_id: 3, title_name: 'Night Train', episode_id: null, episode_label: null },
  status: 'ready',
  job: { id: 70, state: 'done', progress: 100, attempts: 1, max_attempts: 3 },
  last_error: null,
  duration_seconds: 125,
  size_bytes: 1024,
  source: null,
  renditions: [{ name: '720p', height: 720, ready: true }],
  stream_owner_id: 7,
  captions: [],
  audio: { language: 'en', label: 'English', is_default: true, tracks: [] },
  created_at: 1,
};

/** The name of the file a track's form sent. */
const sentFile = (request: MockRequest) => ((request.body as FormData).get('file') as File).name;

async function openDialog(name: string, handlers: AdminHandlers) {
  const api = mockAdminApi({
    'GET /admin/media/targets': ok([]),
    'GET /admin/videos': ok({ items: [video], total: 1, page: 1, per_page: 20 }),
    'GET /admin/videos/:id': ok(video),
    ...handlers,
  });
  renderWithRouter(<MediaPage />, { path: '/admin/media' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${name} of Night Train`) }));
  const dialog = screen.getByRole('dialog', { name: `${name} of Night Train` });
  return { api, user, dialog };
}

beforeEach(() => {
  signInAdmin();
});

describe('The file of a track being added', () => {
  it('refuses a caption file over the limit before sending, then sends a right one and empties the input', async () => {
    const { api, user, dialog } = await openDialog('Captions', {
      'POST /admin/videos/:id/captions': ok({ id: 2, language: 'en', label: 'English', created_at: 2 }),
    });
    const input = within(dialog).getByLabelText('Caption file (WebVTT or SRT, at most 2 MB)');
    const add = within(dialog).getByRole('button', { name: 'Add captions' });
    await user.type(within(dialog).getByLabelText('Language code'), 'en');
    await user.type(within(dialog).getByLabelText('Label'), 'English');

    const tooLarge = new File([new Uint8Array(CaptionLimits.maxBytes + 1)], 'film.vtt', { type: 'text/vtt' });
    await user.upload(input, tooLarge);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(AdminMediaMessages.captionTooLarge);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(add).toBeDisabled();

    await user.upload(input, new File(['WEBVTT\n'], 'english.vtt', { type: 'text/vtt' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.click(add);

    expect(await screen.findByText(AdminMediaMessages.captionAdded)).toBeInTheDocument();
    const sent = api.adminCalls('POST /admin/videos/:id/captions');
    expect(sent.map(sentFile)).toEqual(['english.vtt']);
    await waitFor(() => expect((input as HTMLInputElement).files).toHaveLength(0));
    expect(input).toHaveValue('');
    expect(within(dialog).getByLabelText('Language code')).toHaveValue('');
  });

  it('shows the server’s word on a wrong audio file until another is chosen, then empties the input once added', async () => {
    const { api, user, dialog } = await openDialog('Audio', {
      'POST /admin/videos/:id/audio-tracks': (request) =>
        sentFile(request) === 'notes.mp3'
          ? fail(422, AdminMediaMessages.notAudio, { file: [AdminMediaMessages.notAudio] })
          : ok(
              {
                id: 5,
                language: 'es',
                label: 'Español',
                origin: 'upload',
                status: 'pending',
                duration_seconds: 125,
                last_error: null,
                created_at: 2,
              },
              AdminMediaMessages.audioTrackAdded,
              201,
            ),
    });
    const input = within(dialog).getByLabelText('Audio file (MP3, M4A, WAV, FLAC, Ogg or Opus)');
    const add = within(dialog).getByRole('button', { name: 'Add audio' });
    const [, language] = within(dialog).getAllByLabelText('Language code');
    const [, label] = within(dialog).getAllByLabelText('Label');
    await user.type(language!, 'es');
    await user.type(label!, 'Español');

    await user.click(add);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(AdminMediaMessages.audioFileMissing);

    await user.upload(input, new File(['plain text'], 'notes.mp3', { type: 'audio/mpeg' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(add);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(AdminMediaMessages.notAudio);
    expect(input).toHaveAccessibleDescription(
      `${AdminMediaMessages.notAudio} As long as the video, within 2 seconds. It plays once it is encoded.`,
    );
    expect(add).toBeDisabled();

    await user.upload(input, new File(['ID3'], 'spanish.mp3', { type: 'audio/mpeg' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(add).toBeEnabled();
    await user.click(add);

    expect(await screen.findByText(AdminMediaMessages.audioTrackAdded)).toBeInTheDocument();
    const sent = api.adminCalls('POST /admin/videos/:id/audio-tracks');
    expect(sent.map(sentFile)).toEqual(['notes.mp3', 'spanish.mp3']);
    await waitFor(() => expect((input as HTMLInputElement).files).toHaveLength(0));
    expect(input).toHaveValue('');
    expect(language).toHaveValue('');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IntroSuggestionMessages,
  MarkerMessages,
  type AdminVideo,
  type IntroSuggestions,
  type VideoMarkers,
} from '@reeltime/contract';
import { mockAdminApi, signInAdmin } from '../../../../testing/admin-fetch-mock';
import { fail, ok } from '../../../../testing/fetch-mock';
import { renderWithRouter } from '../../../../testing/render';
import { MediaPage } from '../pages/media-page';
import { formatMarkerTime, parseMarkerTime, TIME_FORMAT_MESSAGE } from './marker-form';

const THUMBS = '/media/s/1767225600/4320/c2ln/videos/7/thumbs.vtt';

const video: AdminVideo = {
  id: 7,
  target: { title_id: 3, title_name: 'Harbour Lights', episode_id: 41, episode_label: 'S1 E1 · Pilot' },
  status: 'ready',
  job: null,
  last_error: null,
  duration_seconds: 600,
  size_bytes: 1024,
  source: null,
  renditions: [],
  stream_owner_id: 7,
  captions: [],
  audio: { language: 'en', label: 'English', is_default: true, tracks: [] },
  created_at: 1,
};

const stored = (fields: Partial<VideoMarkers> = {}): VideoMarkers => ({
  video_id: 7,
  season_id: 12,
  duration_seconds: 600,
  thumbnails_url: THUMBS,
  markers: [{ type: 'intro', start: 30, end: 90 }],
  ...fields,
});

/** The console's API, plus the stream's thumbnails file (served next to the stream, not by the API). */
function mockConsole(markers: VideoMarkers, save = ok(stored(), MarkerMessages.saved)) {
  const api = mockAdminApi({
    'GET /admin/media/targets': ok([]),
    'GET /admin/videos': ok({ items: [video], total: 1, page: 1, per_page: 20 }),
    'GET /admin/videos/:id/markers': ok(markers),
    'PUT /admin/videos/:id/markers': save,
  });
  const apiFetch = api.fetch;
  const vtt =
    'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nsprite.jpg#xywh=0,0,160,90\n\n' +
    '00:01:25.000 --> 00:01:30.000\nsprite.jpg#xywh=160,0,160,90\n\n00:01:30.000 --> 00:10:00.000\nsprite.jpg#xywh=320,0,160,90\n';
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).endsWith('thumbs.vtt') ? Promise.resolve(new Response(vtt)) : apiFetch(input, init),
  );
  return api;
}

async function openEditor() {
  renderWithRouter(<MediaPage />, { path: '/admin/media' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Markers of Harbour Lights · S1 E1 · Pilot' }));
  const dialog = screen.getByRole('dialog', { name: 'Markers of Harbour Lights · S1 E1 · Pilot' });
  await within(dialog).findByRole('slider', { name: 'Intro start' });
  return { user, dialog };
}

/** The typed time of a handle (the handle itself is a slider of the same name). */
const timeField = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('textbox', { name: `${name} (m:ss)` });

beforeEach(() => {
  signInAdmin();
});

describe('marker times', () => {
  it('read m:ss, h:mm:ss and plain seconds, and refuse anything else', () => {
    expect(parseMarkerTime('1:30')).toBe(90);
    expect(parseMarkerTime('01:02:05')).toBe(3725);
    expect(parseMarkerTime('75')).toBe(75);
    expect(parseMarkerTime('0:12.5')).toBe(12.5);
    expect(parseMarkerTime('1:75')).toBeNull();
    expect(parseMarkerTime('abc')).toBeNull();
    expect(parseMarkerTime('')).toBeNull();
    expect(formatMarkerTime(90)).toBe('1:30');
    expect(formatMarkerTime(3725)).toBe('1:02:05');
    expect(formatMarkerTime(12.5)).toBe('0:12.5');
  });
});

describe('Markers editor', () => {
  it('moves a handle from the keyboard with the frame at the handle, and saves the whole list', async () => {
    const api = mockConsole(stored());
    const { user, dialog } = await openEditor();

    const end = within(dialog).getByRole('slider', { name: 'Intro end' });
    expect(end).toHaveAttribute('aria-valuenow', '90');
    expect(end).toHaveAttribute('aria-valuetext', '1 minute 30 seconds');
    end.focus();
    await user.keyboard('{ArrowLeft}');
    expect(end).toHaveAttribute('aria-valuenow', '89');
    expect(timeField(dialog, 'Intro end')).toHaveValue('1:29');
    // The preview shows the sprite tile of 1:29.
    const preview = await within(dialog).findByTestId('marker-preview');
    expect(preview.style.backgroundPosition).toBe('-160px 0px');
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(timeField(dialog, 'Intro end')).toHaveValue('1:39');

    // The credits lane starts off; turning it on places it over the last minute.
    expect(within(dialog).queryByRole('slider', { name: 'Credits start' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Credits' }));
    expect(within(dialog).getByRole('slider', { name: 'Credits start' })).toHaveAttribute(
      'aria-valuenow',
      '540',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Save markers' }));
    expect(await screen.findByText(MarkerMessages.saved)).toBeInTheDocument();
    expect(api.adminCalls('PUT /admin/videos/:id/markers')[0]!.json()).toEqual({
      markers: [
        { type: 'intro', start: 30, end: 99 },
        { type: 'credits', start: 540, end: 600 },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('drags a handle along its lane', async () => {
    mockConsole(stored());
    const { dialog } = await openEditor();
    const start = within(dialog).getByRole('slider', { name: 'Intro start' });
    const track = start.parentElement!;
    vi.spyOn(track, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      width: 300,
      top: 0,
      height: 10,
      right: 300,
      bottom: 10,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.pointerDown(start, { button: 0, pointerId: 1, clientX: 15 });
    fireEvent.pointerMove(start, { pointerId: 1, clientX: 30 });
    fireEvent.pointerUp(start, { pointerId: 1, clientX: 30 });
    // 30 px of 300 is a tenth of ten minutes.
    expect(start).toHaveAttribute('aria-valuenow', '60');
    expect(timeField(dialog, 'Intro start')).toHaveValue('1:00');
  });

  it('checks typed times as the server does, and sends nothing while a problem is left', async () => {
    const api = mockConsole(stored());
    const { user, dialog } = await openEditor();
    const start = timeField(dialog, 'Intro start');

    await user.clear(start);
    await user.type(start, 'soon');
    expect(await within(dialog).findByText(TIME_FORMAT_MESSAGE)).toBeInTheDocument();

    await user.clear(start);
    await user.type(start, '2:00');
    expect(await within(dialog).findByText(MarkerMessages.endBeforeStart('intro'))).toBeInTheDocument();

    await user.clear(start);
    await user.type(start, '0:10');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Recap' }));
    // The recap's first half-minute overlaps the intro from 0:10.
    expect(await within(dialog).findByText(MarkerMessages.overlap('recap', 'intro'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save markers' }));
    expect(api.adminCalls('PUT /admin/videos/:id/markers')).toHaveLength(0);

    await user.clear(timeField(dialog, 'Recap end'));
    await user.type(timeField(dialog, 'Recap end'), '0:10');
    await waitFor(() =>
      expect(within(dialog).queryByText(MarkerMessages.overlap('recap', 'intro'))).toBeNull(),
    );
  });

  it('shows the server’s word on each field it refuses', async () => {
    const message = MarkerMessages.pastEnd('intro', '10:00');
    mockConsole(stored(), fail(422, message, { 'markers.0.end': [message] }));
    const { user, dialog } = await openEditor();
    await user.click(within(dialog).getByRole('button', { name: 'Save markers' }));
    const end = timeField(dialog, 'Intro end');
    await waitFor(() => expect(end).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText(message)).toBeInTheDocument();
  });

  it('says markers wait for the transcode while the video has no duration', async () => {
    mockConsole(stored({ duration_seconds: null, thumbnails_url: null, markers: [] }));
    renderWithRouter(<MediaPage />, { path: '/admin/media' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Markers of Harbour Lights · S1 E1 · Pilot' }),
    );
    expect(
      await screen.findByText(/its markers can be set once its transcode has finished/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  });
});

describe('Suggest intro', () => {
  const run = (fields: Partial<IntroSuggestions>): IntroSuggestions => ({
    season_id: 12,
    state: 'pending',
    job_id: 55,
    episode_count: 6,
    progress: 0,
    episodes: [],
    error: null,
    updated_at: 1,
    ...fields,
  });

  it('listens to the season and pre-fills the intro lane with the suggestion, unsaved until Save', async () => {
    const api = mockConsole(stored({ markers: [] }));
    let polls = 0;
    api.setAdmin('POST /admin/seasons/:id/intro-suggestions', ok(run({}), 'Listening to the episodes…', 202));
    api.setAdmin('GET /admin/seasons/:id/intro-suggestions', () =>
      ++polls < 2
        ? ok(run({ state: 'running', progress: 40 }))
        : ok(
            run({
              state: 'done',
              progress: 100,
              episodes: [
                {
                  episode_id: 41,
                  video_id: 7,
                  suggestion: { type: 'intro', start: 3.1, end: 9, confidence: 0.93 },
                },
                { episode_id: 42, video_id: 8, suggestion: null },
              ],
            }),
          ),
    );
    renderWithRouter(<MediaPage />, { path: '/admin/media' });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Markers of Harbour Lights · S1 E1 · Pilot' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Markers of Harbour Lights · S1 E1 · Pilot' });
    await within(dialog).findByRole('button', { name: 'Suggest intro' });
    expect(within(dialog).getByRole('checkbox', { name: 'Intro' })).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Suggest intro' }));
    expect(await within(dialog).findByText('Listening to 6 episodes…')).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/seasons/:id/intro-suggestions')[0]!.params).toEqual({ id: '12' });

    expect(
      await within(dialog).findByText('Suggested, not saved', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Intro' })).toBeChecked();
    expect(timeField(dialog, 'Intro start')).toHaveValue('0:03.1');
    expect(timeField(dialog, 'Intro end')).toHaveValue('0:09');
    expect(within(dialog).getByText(/93% confidence/)).toBeInTheDocument();
    expect(api.adminCalls('PUT /admin/videos/:id/markers')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Save markers' }));
    await waitFor(() => expect(api.adminCalls('PUT /admin/videos/:id/markers')).toHaveLength(1));
    expect(api.adminCalls('PUT /admin/videos/:id/markers')[0]!.json()).toEqual({
      markers: [{ type: 'intro', start: 3.1, end: 9 }],
    });
  });

  it('says so when the season has too few episodes to compare, or when nothing is shared', async () => {
    const api = mockConsole(stored());
    api.setAdmin(
      'POST /admin/seasons/:id/intro-suggestions',
      fail(409, IntroSuggestionMessages.tooFewEpisodes),
    );
    const { user, dialog } = await openEditor();
    await user.click(within(dialog).getByRole('button', { name: 'Suggest intro' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      IntroSuggestionMessages.tooFewEpisodes,
    );

    api.setAdmin('POST /admin/seasons/:id/intro-suggestions', ok(run({}), undefined, 202));
    api.setAdmin(
      'GET /admin/seasons/:id/intro-suggestions',
      ok(
        run({ state: 'done', progress: 100, episodes: [{ episode_id: 41, video_id: 7, suggestion: null }] }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Suggest intro' }));
    expect(await within(dialog).findByText(IntroSuggestionMessages.nothingShared)).toBeInTheDocument();
    // The stored intro stays as it was.
    expect(timeField(dialog, 'Intro start')).toHaveValue('0:30');
    expect(within(dialog).queryByText('Suggested, not saved')).not.toBeInTheDocument();
  });
});

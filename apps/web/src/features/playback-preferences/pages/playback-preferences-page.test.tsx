import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SUBTITLE_STYLE,
  PlaybackPreferencesMessages,
  type PlaybackPreferences,
} from '@reeltime/contract';
import { fail, mockApi, ok } from '../../../testing/fetch-mock';
import { renderApp, signIn } from '../../../testing/render';

const stored: PlaybackPreferences = {
  audio_language: null,
  subtitle_language: 'hi',
  subtitle_style: DEFAULT_SUBTITLE_STYLE,
};

describe('Playback settings', () => {
  it("shows the profile's languages and style, previews a change and saves it", async () => {
    signIn();
    const api = mockApi({
      'GET /user/playback-preferences': ok(stored),
      'PUT /user/playback-preferences': (request) =>
        ok(request.json() as PlaybackPreferences, PlaybackPreferencesMessages.saved),
    });
    renderApp('/playback-settings');

    const audio = await screen.findByRole('combobox', { name: 'Audio language' });
    expect(audio).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Subtitles' })).toHaveValue('hi');
    expect(screen.getByRole('radio', { name: 'Medium' })).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await userEvent.selectOptions(audio, 'Spanish (español)');
    const colours = screen.getByRole('group', { name: 'Colour' });
    await userEvent.click(within(colours).getByRole('radio', { name: 'Yellow' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Large' }));
    expect(screen.getByRole('img', { name: 'Subtitle preview' }).className).toContain(
      'subs-large subs-yellow',
    );

    await userEvent.click(save);
    expect(await screen.findByText('Playback settings saved.')).toBeInTheDocument();
    expect(api.calls('PUT /user/playback-preferences')[0]?.json()).toEqual({
      audio_language: 'es',
      subtitle_language: 'hi',
      subtitle_style: { size: 'large', color: 'yellow', background: 'translucent' },
    });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("says what went wrong when the settings cannot be saved, and keeps the member's choice", async () => {
    signIn();
    mockApi({
      'GET /user/playback-preferences': ok(stored),
      'PUT /user/playback-preferences': fail(422, PlaybackPreferencesMessages.language),
    });
    renderApp('/playback-settings');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Subtitles' }), '');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PlaybackPreferencesMessages.language)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Subtitles' })).toHaveValue('');
  });

  it('offers a retry when the settings cannot be read', async () => {
    signIn();
    mockApi({ 'GET /user/playback-preferences': fail(503, 'The service is unavailable.') });
    renderApp('/playback-settings');
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is unavailable.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../testing/fetch-mock';
import { banner } from '../../../testing/fixtures';
import { renderWithRouter } from '../../../testing/render';
import { HeroBanner } from './hero-banner';

describe('Hero banner', () => {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('plays the title in the watch view and opens its details from the name', async () => {
    mockApi({ 'GET /user/banners': ok([banner()]) });
    renderWithRouter(<HeroBanner />);
    expect(await screen.findByRole('link', { name: 'Play Now' })).toHaveAttribute('href', '/watch/7');
    expect(screen.getByRole('link', { name: 'Night Harbour' })).toHaveAttribute('href', '/movie-details/7');
  });

  it('plays the trailer muted, with a button that turns the sound on and off', async () => {
    mockApi({
      'GET /user/banners': ok([banner({ trailer_url: '/media/trailers/7.mp4', trailer_url_type: 'url' })]),
    });
    const { container } = renderWithRouter(<HeroBanner />);
    const sound = await screen.findByRole('button', { name: 'Unmute trailer' });
    fireEvent.load(container.querySelector('img')!);
    const video = container.querySelector('video')!;
    expect(sound).toHaveAttribute('aria-pressed', 'false');
    expect(video.muted).toBe(true);

    await userEvent.click(sound);
    expect(sound).toHaveAttribute('aria-pressed', 'true');
    expect(video.muted).toBe(false);

    // The keyboard works it too.
    sound.focus();
    await userEvent.keyboard('{Enter}');
    expect(sound).toHaveAttribute('aria-pressed', 'false');
    expect(video.muted).toBe(true);
  });

  it('shows the poster first and starts the trailer over it once the poster has loaded', async () => {
    mockApi({
      'GET /user/banners': ok([banner({ trailer_url: '/media/trailers/7.mp4', trailer_url_type: 'url' })]),
    });
    const { container } = renderWithRouter(<HeroBanner />);
    await screen.findByRole('link', { name: 'Play Now' });
    const poster = container.querySelector('img')!;
    expect(poster).toHaveAttribute('src', banner().poster_url);
    expect(poster).toHaveAttribute('fetchpriority', 'high');
    expect(container.querySelector('video')).toBeNull();

    fireEvent.load(poster);
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/media/trailers/7.mp4');
    expect(video).toHaveAttribute('poster', banner().poster_url);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
  });

  it('has no sound button when the trailer plays in a provider frame or not at all', async () => {
    mockApi({ 'GET /user/banners': ok([banner()]) });
    renderWithRouter(<HeroBanner />);
    await screen.findByRole('link', { name: 'Play Now' });
    expect(screen.queryByRole('button', { name: 'Unmute trailer' })).not.toBeInTheDocument();
  });
});

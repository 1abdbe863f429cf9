import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dailymotionEmbedUrl, dailymotionId } from './embed-url';
import { VideoPlayer } from './video-player';

describe('Dailymotion links', () => {
  it.each([
    ['https://www.dailymotion.com/video/x8abc12', 'x8abc12'],
    ['https://www.dailymotion.com/embed/video/x8abc12', 'x8abc12'],
    ['https://dai.ly/x8abc12', 'x8abc12'],
    ['https://geo.dailymotion.com/player.html?video=x8abc12', 'x8abc12'],
    ['https://geo.dailymotion.com/player/xpl1.html?foo=1&video=x8abc12', 'x8abc12'],
    ['x8abc12', 'x8abc12'],
  ])('finds the video id of %s', (url, id) => {
    expect(dailymotionId(url)).toBe(id);
  });

  it('refuses a link that names no video', () => {
    expect(dailymotionId('https://www.dailymotion.com/')).toBeNull();
    expect(dailymotionEmbedUrl('https://example.com/video.mp4')).toBeNull();
  });

  it('plays in the Dailymotion player, like YouTube and Vimeo links', () => {
    render(
      <VideoPlayer
        source={{ type: 'dailymotion', url: 'https://www.dailymotion.com/video/x8abc12' }}
        poster="/poster.jpg"
        title="Night Harbour"
        autoPlay
      />,
    );
    const frame = screen.getByTitle('Night Harbour video player');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://geo.dailymotion.com/player.html?video=x8abc12&autoplay=1');
  });

  it('says so when a Dailymotion link cannot be played', () => {
    render(
      <VideoPlayer
        source={{ type: 'dailymotion', url: 'https://www.dailymotion.com/' }}
        poster="/poster.jpg"
        title="Night Harbour"
      />,
    );
    expect(screen.getByText('This video could not be played.')).toBeInTheDocument();
    expect(screen.queryByTitle('Night Harbour video player')).not.toBeInTheDocument();
  });
});

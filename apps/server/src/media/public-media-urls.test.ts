import { describe, expect, it } from 'vitest';
import { withPublicMediaBase } from './public-media-urls';

const CDN = 'https://cdn.example.com';

describe('withPublicMediaBase', () => {
  it('points public media URLs at the base, at any depth of a payload', () => {
    const payload = {
      status: true,
      data: [
        {
          poster_image: '/media/images/posters/ab12.webp',
          cast: [{ profile_image: '/media/uploads/people/c.webp' }],
        },
        { trailer: { type: 'hls', url: '/media/trailers/3/master.m3u8' } },
      ],
    };
    expect(withPublicMediaBase(payload, CDN)).toEqual({
      status: true,
      data: [
        {
          poster_image: `${CDN}/media/images/posters/ab12.webp`,
          cast: [{ profile_image: `${CDN}/media/uploads/people/c.webp` }],
        },
        { trailer: { type: 'hls', url: `${CDN}/media/trailers/3/master.m3u8` } },
      ],
    });
  });

  it('never points signed or private media URLs elsewhere than the API', () => {
    for (const url of [
      '/media/s/1790000000/1080/abcdefabcdefabcdefabcdefabcdefabcdefabcdefa/videos/7/master.m3u8',
      '/media/private/videos/7/master.m3u8',
      '/media/PRIVATE/videos/7/master.m3u8',
    ]) {
      expect(withPublicMediaBase({ url }, CDN)).toEqual({ url });
    }
  });

  it('leaves other text alone: other sites, other paths, files that are not media, unsafe keys', () => {
    for (const text of [
      'https://www.youtube.com/watch?v=x',
      '/api/v1/user/profile',
      '/media/notes.html',
      '/media/../secrets/key.webp',
      'A film about /media/images/x.webp',
      '',
    ]) {
      expect(withPublicMediaBase({ text }, CDN)).toEqual({ text });
    }
    expect(withPublicMediaBase({ count: 3, flag: true, none: null }, CDN)).toEqual({
      count: 3,
      flag: true,
      none: null,
    });
  });

  it('copies the payload instead of changing it (it may be a cached value)', () => {
    const cached = { poster_image: '/media/posters/p.webp' };
    withPublicMediaBase(cached, CDN);
    expect(cached.poster_image).toBe('/media/posters/p.webp');
  });
});

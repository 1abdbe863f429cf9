import { describe, expect, it } from 'vitest';
import { CaptionFormatError, srtToWebVtt, toWebVtt, withCaptionTracks } from './captions';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('caption files', () => {
  it('converts SRT cues to WebVTT: dots for commas, padded hours, ids kept, stray blank lines and arrows handled', () => {
    const srt =
      '\uFEFF1\r\n0:00:01,5 --> 00:00:04,000\r\nHello\r\n<i>there</i>\r\n  \r\n\r\n2\r\n00:01:00,250 --> 00:01:02,000 X1:10\r\nnot --> a timing\r\n';
    expect(srtToWebVtt(srt.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n'))).toBe(
      'WEBVTT\n\n1\n00:00:01.500 --> 00:00:04.000\nHello\n<i>there</i>\n\n2\n00:01:00.250 --> 00:01:02.000\nnot -> a timing\n',
    );
    expect(toWebVtt(bytes(srt))).toContain('00:00:01.500 --> 00:00:04.000');
  });

  it('keeps WebVTT as it is, without a timestamp map of its own', () => {
    const vtt =
      'WEBVTT - a title\nX-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000\n\n00:01.000 --> 00:02.000\nHi';
    expect(toWebVtt(bytes(vtt))).toBe('WEBVTT - a title\n\n00:01.000 --> 00:02.000\nHi\n');
  });

  it('refuses binary data and text without cues', () => {
    const reason = (input: Uint8Array) => {
      try {
        toWebVtt(input);
        return 'accepted';
      } catch (error) {
        return error instanceof CaptionFormatError ? error.reason : 'other';
      }
    };
    expect(reason(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('not-text');
    expect(reason(bytes('a\u0000b'))).toBe('not-text');
    expect(reason(bytes('just some words'))).toBe('no-cues');
    expect(reason(bytes('WEBVTT\n\nNOTE nothing else'))).toBe('no-cues');
    expect(reason(bytes(''))).toBe('no-cues');
  });
});

describe('master playlists with uploaded tracks', () => {
  const master = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"',
    '360p/index.m3u8',
    '',
  ].join('\n');

  it('lists the tracks before the variants and names the group on every variant', () => {
    const out = withCaptionTracks(master, [
      { id: 3, language: 'en', label: 'English "CC"' },
      { id: 4, language: 'fr', label: 'Français' },
    ]);
    expect(out).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:6',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English 'CC'",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="captions/c3.m3u8"`,
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Français",LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="captions/c4.m3u8"',
        '#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",SUBTITLES="subs"',
        '360p/index.m3u8',
        '',
      ].join('\n'),
    );
    // Applying it again, or with fewer tracks, replaces the uploaded ones only.
    expect(withCaptionTracks(out, [{ id: 3, language: 'en', label: 'English "CC"' }])).not.toContain(
      'c4.m3u8',
    );
    expect(withCaptionTracks(out, [])).toBe(master);
  });

  it('keeps the captions the transcode wrote itself', () => {
    const own =
      '#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",URI="subs/index.m3u8"\n#EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES="subs"\n360p/index.m3u8\n';
    expect(withCaptionTracks(own, [])).toBe(own);
    expect(withCaptionTracks(own, [{ id: 1, language: 'de', label: 'Deutsch' }])).toContain(
      'subs/index.m3u8',
    );
  });
});

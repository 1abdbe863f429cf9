import { describe, expect, it } from 'vitest';
import {
  audioLengthMatches,
  audioTrackIdOf,
  languageFromTag,
  languageLabel,
  withAudioTracks,
} from './audio-tracks';
import { withCaptionTracks } from './captions';
import { buildMasterPlaylist, type MasterVariant } from './hls';

const variant = (name: string, height: number): MasterVariant => ({
  uri: `${name}/index.m3u8`,
  bandwidth: height * 2000,
  averageBandwidth: height * 1500,
  width: Math.round((height * 16) / 9),
  height,
  frameRate: 24,
  codecs: ['avc1.4d401e', 'mp4a.40.2'],
});
const variants = [variant('360p', 360), variant('720p', 720)];
const english = { language: 'en', label: 'English' };
const streamInfs = (master: string) =>
  master.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));

describe('the audio group of a master playlist', () => {
  it('names the muxed audio as the default and each extra track by its rendition, and every variant names the group', () => {
    const master = withAudioTracks(buildMasterPlaylist(variants), english, [
      { id: 7, language: 'es', label: 'Español' },
      { id: 9, language: 'hi', label: 'हिन्दी' },
    ]);
    expect(master.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:'))).toEqual([
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Español",LANGUAGE="es",DEFAULT=NO,AUTOSELECT=YES,URI="audio/a7/index.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="हिन्दी",LANGUAGE="hi",DEFAULT=NO,AUTOSELECT=YES,URI="audio/a9/index.m3u8"',
    ]);
    for (const line of streamInfs(master))
      expect(line).toMatch(/CODECS="avc1\.4d401e,mp4a\.40\.2",AUDIO="aud"$/);
    // The variants keep their URIs right after their EXT-X-STREAM-INF.
    expect(master).toContain('AUDIO="aud"\n360p/index.m3u8\n');
    expect(master).toContain('AUDIO="aud"\n720p/index.m3u8\n');
  });

  it('leaves a master without extra tracks exactly as the transcode wrote it, and removes a group once its last track goes', () => {
    const plain = buildMasterPlaylist(variants);
    expect(withAudioTracks(plain, english, [])).toBe(plain);
    const listed = withAudioTracks(plain, english, [{ id: 3, language: 'fr', label: 'Français' }]);
    expect(withAudioTracks(listed, english, [])).toBe(plain);
    // Rewriting again gives the same text: no line is listed twice.
    expect(withAudioTracks(listed, english, [{ id: 3, language: 'fr', label: 'Français' }])).toBe(listed);
  });

  it('works together with subtitles, in either order: both groups listed once, both attributes on every variant', () => {
    const withSubs = buildMasterPlaylist(variants, {
      uri: 'subs/index.m3u8',
      name: 'English',
      language: 'en',
    });
    const tracks = [{ id: 4, language: 'es', label: 'Español' }];
    const captions = [{ id: 2, language: 'es', label: 'Español' }];
    const audioFirst = withCaptionTracks(withAudioTracks(withSubs, english, tracks), captions);
    const captionsFirst = withAudioTracks(withCaptionTracks(withSubs, captions), english, tracks);
    for (const master of [audioFirst, captionsFirst]) {
      const lines = master.split('\n');
      expect(lines.filter((line) => line.includes('TYPE=AUDIO'))).toHaveLength(2);
      expect(lines.filter((line) => line.includes('TYPE=SUBTITLES'))).toHaveLength(2);
      for (const line of streamInfs(master)) {
        expect(line.match(/AUDIO="aud"/g)).toHaveLength(1);
        expect(line.match(/SUBTITLES="subs"/g)).toHaveLength(1);
      }
      // Every EXT-X-MEDIA line comes before the first variant.
      const lastMedia = lines.findLastIndex((line) => line.startsWith('#EXT-X-MEDIA:'));
      expect(lastMedia).toBeLessThan(lines.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF:')));
    }
    // Removing the audio tracks leaves the subtitles as they were.
    expect(withAudioTracks(captionsFirst, english, [])).toBe(withCaptionTracks(withSubs, captions));
  });

  it('keeps quotes and line breaks of a name out of the playlist', () => {
    const master = withAudioTracks(
      buildMasterPlaylist(variants),
      { language: 'en', label: 'The "Director"\ncut' },
      [{ id: 1, language: 'de', label: 'Deutsch' }],
    );
    expect(master).toContain(`NAME="The 'Director' cut",LANGUAGE="en"`);
  });
});

describe('audio track helpers', () => {
  it('turns container language tags into BCP 47 and refuses tags that name no language', () => {
    expect(languageFromTag('eng')).toBe('en');
    expect(languageFromTag('spa')).toBe('es');
    expect(languageFromTag('HIN')).toBe('hi');
    expect(languageFromTag('pt-br')).toBe('pt-BR');
    expect(languageFromTag('fil')).toBe('fil');
    for (const tag of [undefined, '', 'und', 'zxx', 'mul', 'english', 'e n'])
      expect(languageFromTag(tag)).toBeUndefined();
  });

  it('labels a language in its own words, or by its code when the runtime does not know it', () => {
    expect(languageLabel('es')).toBe('Español');
    expect(languageLabel('en')).toBe('English');
    expect(languageLabel('qqq')).toBe('qqq');
  });

  it('accepts an audio length within two seconds, or one percent of a long video', () => {
    expect(audioLengthMatches(25.9, 24)).toBe(true);
    expect(audioLengthMatches(26.5, 24)).toBe(false);
    expect(audioLengthMatches(7200 + 70, 7200)).toBe(true);
    expect(audioLengthMatches(7200 - 80, 7200)).toBe(false);
  });

  it('tells which track a file of the audio folder belongs to', () => {
    expect(audioTrackIdOf('audio/a12/seg_00001.ts')).toBe(12);
    expect(audioTrackIdOf('audio/a12/index.m3u8')).toBe(12);
    expect(audioTrackIdOf('audio/x/index.m3u8')).toBeNull();
    expect(audioTrackIdOf('360p/index.m3u8')).toBeNull();
  });
});

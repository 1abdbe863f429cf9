import { describe, expect, it } from 'vitest';
import { trackInLanguage } from './language-match';

const tracks = [
  { id: 0, label: 'English', language: 'en' },
  { id: 1, label: 'Português (Portugal)', language: 'pt-PT' },
  { id: 2, label: 'Português (Brasil)', language: 'pt-BR' },
  { id: 3, label: 'Unknown', language: '' },
];

describe('trackInLanguage', () => {
  it('takes the exact tag first, whatever its case', () => {
    expect(trackInLanguage(tracks, 'PT-br')?.id).toBe(2);
  });

  it('falls back to the same primary language', () => {
    expect(trackInLanguage(tracks, 'pt')?.id).toBe(1);
    expect(trackInLanguage(tracks, 'en-GB')?.id).toBe(0);
  });

  it('finds nothing for another language, none asked for, or no tracks', () => {
    expect(trackInLanguage(tracks, 'hi')).toBeUndefined();
    expect(trackInLanguage(tracks, null)).toBeUndefined();
    expect(trackInLanguage([], 'en')).toBeUndefined();
  });
});

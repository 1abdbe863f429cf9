import { describe, expect, it } from 'vitest';
import { languageChoices, languageName } from './language-names';

describe('languageName', () => {
  it('names a language in English and in itself', () => {
    expect(languageName('hi')).toBe('Hindi (हिन्दी)');
    expect(languageName('en')).toBe('English');
  });

  it('keeps a region', () => {
    expect(languageName('pt-BR')).toMatch(/^Brazilian Portuguese|^Portuguese \(Brazil\)/);
  });
});

describe('languageChoices', () => {
  it('offers the common languages, and a stored one that is not among them first', () => {
    const plain = languageChoices(null);
    expect(plain.map((choice) => choice.value)).toContain('hi');
    const withOther = languageChoices('pt-BR');
    expect(withOther[0]?.value).toBe('pt-BR');
    expect(withOther).toHaveLength(plain.length + 1);
    expect(languageChoices('HI')).toHaveLength(plain.length);
  });
});

/** Languages offered in the settings before any video is opened; a stored tag not in it is offered too. */
export const COMMON_LANGUAGES = [
  'en',
  'hi',
  'bn',
  'ta',
  'te',
  'mr',
  'es',
  'fr',
  'de',
  'pt',
  'it',
  'ru',
  'ar',
  'ja',
  'ko',
  'zh',
] as const;

const displayName = (tag: string, locale: string) => {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
};

/** `Hindi (हिन्दी)`: the language in English, and in itself when that differs; the tag when unknown. */
export function languageName(tag: string): string {
  const english = displayName(tag, 'en');
  const own = displayName(tag, tag);
  return own && own.toLowerCase() !== english.toLowerCase() ? `${english} (${own})` : english;
}

/** The choices of a language menu: the common ones, and the current one when it is not among them. */
export function languageChoices(current: string | null): { value: string; label: string }[] {
  const tags: string[] = [...COMMON_LANGUAGES];
  if (current && !tags.some((tag) => tag.toLowerCase() === current.toLowerCase())) tags.unshift(current);
  return tags.map((tag) => ({ value: tag, label: languageName(tag) }));
}

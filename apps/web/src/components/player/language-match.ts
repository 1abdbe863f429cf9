import type { TrackOption } from './media-engine';

const primary = (tag: string) => tag.toLowerCase().split('-')[0] ?? '';

/**
 * The track in the language asked for: the same BCP 47 tag (case does not matter), else the first
 * with the same primary language (`pt` for `pt-BR`); undefined when none is, or none is asked for.
 */
export function trackInLanguage<T extends TrackOption>(
  options: readonly T[],
  language: string | null | undefined,
): T | undefined {
  if (!language) return undefined;
  const wanted = language.toLowerCase();
  return (
    options.find((option) => option.language.toLowerCase() === wanted) ??
    options.find((option) => option.language !== '' && primary(option.language) === primary(wanted))
  );
}

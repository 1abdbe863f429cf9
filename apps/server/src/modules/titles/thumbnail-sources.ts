import type { ImageSource } from '@reeltime/contract';
import { imageVariantUrl } from '../../adapters/storage/image-variants';

/** The `thumbnail_widths` column's text for the widths of a thumbnail's copies, the original's last. */
export const widthsColumn = (widths: readonly number[]): string => widths.join(',');

/**
 * Each stored copy of a thumbnail with its width, narrowest first, the thumbnail itself last;
 * none while the widths are unknown ('') or there is no smaller copy, so a card never names a
 * file that was not made.
 */
export function thumbnailSources(url: string, widths: string): ImageSource[] {
  const parsed = widths ? widths.split(',').map(Number) : [];
  if (!url || parsed.length < 2 || !parsed.every((width) => Number.isInteger(width) && width > 0)) return [];
  const sources: ImageSource[] = [];
  for (const [index, width] of parsed.entries()) {
    const copy = index === parsed.length - 1 ? url : imageVariantUrl(url, width);
    if (!copy) return [];
    sources.push({ url: copy, width });
  }
  return sources;
}

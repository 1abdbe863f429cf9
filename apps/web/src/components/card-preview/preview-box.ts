/** Space kept between the preview and the window's sides. */
const EDGE_MARGIN = 8;
const MIN_WIDTH = 300;
const MAX_WIDTH = 440;
const GROWTH = 1.4;

export interface PreviewBox {
  left: number;
  top: number;
  width: number;
}

/**
 * Where the enlarged card goes, in page coordinates: centred on the card (its picture grows
 * around the card's), wider than it, and moved sideways to stay inside the window.
 */
export function previewBox(
  card: Pick<DOMRect, 'left' | 'top' | 'width'>,
  viewport: { width: number; scrollX: number; scrollY: number },
): PreviewBox {
  const width = Math.min(
    Math.max(card.width * GROWTH, MIN_WIDTH),
    MAX_WIDTH,
    viewport.width - 2 * EDGE_MARGIN,
  );
  const centred = card.left + card.width / 2 - width / 2;
  const left = Math.min(Math.max(centred, EDGE_MARGIN), viewport.width - EDGE_MARGIN - width);
  const pictureGrowth = ((width - card.width) * 9) / 16;
  const top = Math.max(card.top - pictureGrowth / 2, EDGE_MARGIN);
  return { left: left + viewport.scrollX, top: top + viewport.scrollY, width };
}

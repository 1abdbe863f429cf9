import type { ImageSource } from '@reeltime/contract';

/*
 * How wide each layout draws a card's image, by screen width, as `<img sizes>` wants it. Both
 * layouts sit in `.container-xxl` (side padding 4vw, at least 16 px and at most 64 px; at most
 * 1680 px wide): its content is 92vw on phones of 400 px and more. Each value is the column (or
 * slide) width less its share of the gutters, rounded up a little: a browser then picks the copy
 * above the drawn width, never a blurred one.
 */

/** The card grid's columns (2, 2, 3, 4, 6 per row; gutters of 16 px, 24 px from `lg`). */
export const GRID_COLUMN_CLASS = 'col-6 col-sm-6 col-md-4 col-lg-3 col-xl-2';

/** How many of a grid's first cards load their image at once (the others when scrolled near). */
export const EAGER_GRID_CARDS = 6;

/** A card of {@link GRID_COLUMN_CLASS} in a `row g-3 g-lg-4`. */
export const GRID_CARD_SIZES = [
  '(min-width: 1680px) 239px',
  '(min-width: 1200px) calc(15.4vw - 20px)',
  '(min-width: 992px) calc(23vw - 18px)',
  '(min-width: 768px) calc(31vw - 10px)',
  'calc(46vw - 8px)',
].join(', ');

/** A card of the sideways rows (movie-carousel.tsx's CAROUSEL_BREAKPOINTS: 1, 2, 3, 4.02, 6.02 per view). */
export const ROW_CARD_SIZES = [
  '(min-width: 1680px) 243px',
  '(min-width: 1400px) calc(15.3vw - 15px)',
  '(min-width: 1024px) calc(22.9vw - 12px)',
  '(min-width: 768px) calc(31vw - 10px)',
  '(min-width: 480px) calc(46vw - 6px)',
  'calc(100vw - 32px)',
].join(', ');

/** An `<img srcset>` of width descriptors. */
export const srcSetOf = (sources: readonly ImageSource[]): string =>
  sources.map((source) => `${source.url} ${source.width}w`).join(', ');

import { lazy } from 'react';

/**
 * A card's trailer preview (its hover timing, enlarged card and stylesheet): fetched on the first
 * hover or focus of a card, never with the page.
 */
export const LazyCardPreview = lazy(() =>
  import('./card-preview').then((module) => ({ default: module.CardPreview })),
);

/** Previews are for a mouse or trackpad; touch screens keep the cards as they are. */
export const canPreview = () => matchMedia('(hover: hover) and (pointer: fine)').matches;

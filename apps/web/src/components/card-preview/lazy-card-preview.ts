import { lazy } from 'react';

/**
 * A card's trailer preview (its hover timing, enlarged card and stylesheet): fetched on the first
 * hover or focus of a card, never with the page.
 */
export const LazyCardPreview = lazy(() => import('./card-preview'));

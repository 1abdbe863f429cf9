import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { MovieCard } from '@reeltime/contract';
import { takeOverPreview } from './current-preview';

/** The enlarged card (its trailer, links and stylesheet), fetched as soon as a preview may open. */
const loadEnlargedCard = () => import('./enlarged-card');
const EnlargedCard = lazy(() => loadEnlargedCard().then((module) => ({ default: module.EnlargedCard })));

/** How long the pointer or focus rests on a card before its preview opens. */
export const PREVIEW_DELAY_MS = 600;

interface CardPreviewProps {
  movie: MovieCard;
  /** When the pointer or focus arrived on the card (Date.now()); later values (focus moving within it) are ignored. */
  since: number;
  /** Unmounts the preview: the pointer or focus left the card and preview, Escape, or another preview opened. */
  onClose: () => void;
}

/**
 * A card's trailer preview, mounted while the pointer or focus rests on the card: after
 * {@link PREVIEW_DELAY_MS} it closes any other preview and opens the enlarged card. Until then it
 * draws and fetches nothing.
 */
export function CardPreview({ movie, since, onClose }: CardPreviewProps) {
  // A hidden mark inside the card finds the card (its box, its focus) without a ref from it.
  const mark = useRef<HTMLSpanElement>(null);
  const card = () => mark.current?.closest<HTMLElement>('.movie-card') ?? null;
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const [restingSince] = useState(since);
  const popover = useRef<HTMLDivElement>(null);
  // The card's handler changes with each of its renders; the timer must not start over.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    void loadEnlargedCard().catch(() => undefined);
    let release: (() => void) | undefined;
    const timer = setTimeout(
      () => {
        const element = card();
        if (!element) return;
        release = takeOverPreview(() => close.current());
        setAnchor(element.getBoundingClientRect());
      },
      Math.max(0, restingSince + PREVIEW_DELAY_MS - Date.now()),
    );
    return () => {
      clearTimeout(timer);
      release?.();
    };
  }, [restingSince]);

  // Focus leaving both the card and the enlarged card closes it, as does Escape.
  useEffect(() => {
    const inside = (node: EventTarget | null) =>
      node instanceof Node && Boolean(card()?.contains(node) || popover.current?.contains(node));
    const onFocusOut = (event: FocusEvent) => {
      if (inside(event.target) && !inside(event.relatedTarget)) close.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const focusWasInPopover = popover.current?.contains(document.activeElement);
      close.current();
      if (focusWasInPopover) card()?.querySelector<HTMLElement>('a[href]')?.focus();
    };
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <>
      <span ref={mark} hidden />
      {anchor && (
        <Suspense>
          <EnlargedCard ref={popover} movie={movie} anchor={anchor} />
        </Suspense>
      )}
    </>
  );
}

// React.lazy takes a module's default export; the card loads this one lazily.
export default CardPreview;

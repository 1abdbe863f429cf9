import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

type Edge = 'first' | 'last';

interface MenuButtonOptions {
  /** The menu's items that can take focus, in order. */
  items: (menu: HTMLElement) => HTMLElement[];
  /** The item focused when the menu opens; by default the first (the last when opened with Up). */
  initialItem?: (items: HTMLElement[], edge: Edge) => HTMLElement | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
  /** Stop keys used by the menu from reaching handlers around it (the player's shortcuts). */
  isolateKeys?: boolean;
}

const edgeItem = (items: HTMLElement[], edge: Edge) => (edge === 'last' ? items.at(-1) : items[0]);

/**
 * The WAI-ARIA menu button pattern, shared by every menu of the site: Enter, Space, Down or Up on
 * the button opens the menu and focuses an item; arrows, Home and End move (wrapping); Escape
 * closes and gives focus back to the button; Tab and a pointer press outside close it.
 */
export function useMenuButton({
  items,
  initialItem = edgeItem,
  onOpenChange,
  isolateKeys = false,
}: MenuButtonOptions) {
  const menuId = useId();
  const [open, setOpenState] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<Edge>('first');
  // The latest callbacks, read by the effect without re-running it on every render.
  const latest = useRef({ items, initialItem, onOpenChange });
  useEffect(() => {
    latest.current = { items, initialItem, onOpenChange };
  });

  const setOpen = useCallback((next: boolean, edge: Edge = 'first') => {
    focusOnOpen.current = edge;
    setOpenState(next);
    latest.current.onOpenChange?.(next);
  }, []);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open || !menuRef.current) return;
    const list = latest.current.items(menuRef.current);
    latest.current.initialItem(list, focusOnOpen.current)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, setOpen]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (isolateKeys) event.stopPropagation();
    setOpen(true, event.key === 'ArrowUp' ? 'last' : 'first');
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (isolateKeys) event.stopPropagation();
    const list = menuRef.current ? items(menuRef.current) : [];
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => list[(next + list.length) % list.length]?.focus();
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusAt(index + 1),
      ArrowUp: () => focusAt(index - 1),
      Home: () => focusAt(0),
      End: () => focusAt(list.length - 1),
      Escape: () => close(true),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      move();
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return {
    open,
    /** Opens or closes; `edge` picks the item focused on opening. */
    setOpen,
    close,
    menuId,
    buttonRef,
    menuRef,
    containerRef,
    onButtonKeyDown,
    onMenuKeyDown,
  };
}

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface MenuOption<T extends string | number> {
  value: T;
  label: string;
}

interface PlayerMenuProps<T extends string | number> {
  /** Name of the menu (`Quality`); the button is called `<label>: <current>`. */
  label: string;
  current: string;
  options: readonly MenuOption<T>[];
  value: T;
  onChange: (value: T) => void;
  onOpenChange?: (open: boolean) => void;
  /** Button content; the current value's text when omitted. */
  children?: ReactNode;
  className?: string;
}

/**
 * A menu button with a single-choice menu (WAI-ARIA menu button pattern): Enter, Space or
 * Down opens it on the checked item, arrows, Home and End move, Escape closes and returns focus.
 * Keys pressed inside the menu do not reach the player's shortcuts.
 */
export function PlayerMenu<T extends string | number>({
  label,
  current,
  options,
  value,
  onChange,
  onOpenChange,
  children,
  className = '',
}: PlayerMenuProps<T>) {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []);

  const setOpenState = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };

  const close = (returnFocus: boolean) => {
    setOpenState(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const checked = items().find((item) => item.getAttribute('aria-checked') === 'true');
    (checked ?? items()[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) {
        setOpen(false);
        onOpenChange?.(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onOpenChange]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      event.stopPropagation();
      setOpenState(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    event.stopPropagation();
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => list[(next + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  const choose = (next: T) => {
    onChange(next);
    close(true);
  };

  return (
    <div className={`player-menu ${className}`} ref={wrapperRef}>
      <button
        ref={buttonRef}
        type="button"
        className="player__button player-menu__button"
        aria-label={`${label}: ${current}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpenState(!open)}
        onKeyDown={onButtonKeyDown}
      >
        {children ?? <span className="player-menu__current">{current}</span>}
      </button>
      {open && (
        <ul
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-label={label}
          className="player-menu__list"
          onKeyDown={onMenuKeyDown}
        >
          {options.map((option) => (
            <li
              key={String(option.value)}
              role="menuitemradio"
              aria-checked={option.value === value}
              tabIndex={-1}
              className="player-menu__item"
              onClick={() => choose(option.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  choose(option.value);
                }
              }}
            >
              {option.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import { useMenuButton } from '../use-menu-button';

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
  const menu = useMenuButton({
    items: (list) => Array.from(list.querySelectorAll<HTMLElement>('[role="menuitemradio"]')),
    initialItem: (items) => items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0],
    isolateKeys: true,
    onOpenChange,
  });
  const { open, close } = menu;

  const choose = (next: T) => {
    onChange(next);
    close(true);
  };

  return (
    <div className={`player-menu ${className}`} ref={menu.containerRef}>
      <button
        ref={menu.buttonRef}
        type="button"
        className="player__button player-menu__button"
        aria-label={`${label}: ${current}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menu.menuId : undefined}
        onClick={() => menu.setOpen(!open)}
        onKeyDown={menu.onButtonKeyDown}
      >
        {children ?? <span className="player-menu__current">{current}</span>}
      </button>
      {open && (
        <ul
          id={menu.menuId}
          ref={menu.menuRef}
          role="menu"
          aria-label={label}
          className="player-menu__list"
          onKeyDown={menu.onMenuKeyDown}
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

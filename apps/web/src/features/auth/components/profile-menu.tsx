import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { useUser } from '../../../lib/session';
import { useLogout } from '../api/auth-api';

function initials(first: string | undefined, last: string | undefined): string {
  return `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase() || '?';
}

function isShown(element: HTMLElement): boolean {
  const holder = element.closest('li') ?? element;
  return window.getComputedStyle(holder).display !== 'none';
}

/** Avatar button opening a menu (menu button pattern: arrows, Home/End, Escape, Tab closes). */
export function ProfileMenu() {
  const user = useUser();
  const toast = useToast();
  const { logout, isPending: loggingOut } = useLogout(toast);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<'first' | 'last' | null>(null);
  const menuId = useId();

  const items = (): HTMLElement[] =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []).filter(isShown);

  useEffect(() => {
    if (!open) return;
    const list = items();
    const target = pendingFocus.current === 'last' ? list[list.length - 1] : list[0];
    pendingFocus.current = null;
    target?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      pendingFocus.current = event.key === 'ArrowUp' ? 'last' : 'first';
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
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
        setOpen(false);
        break;
      default:
        break;
    }
  };

  const onLogout = () => {
    close(false);
    void logout();
  };

  const name = user ? `${user.first_name} ${user.last_name}`.trim() : 'Member';
  const avatar = user?.profile_image ? (
    <img className="avatar" src={user.profile_image} alt="" width={36} height={36} />
  ) : (
    <span className="avatar avatar--initials" aria-hidden="true">
      {initials(user?.first_name, user?.last_name)}
    </span>
  );

  return (
    <div className="profile-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="profile-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${name}`}
        onClick={() => {
          pendingFocus.current = 'first';
          setOpen((value) => !value);
        }}
        onKeyDown={onButtonKeyDown}
      >
        {avatar}
      </button>
      <div className={`profile-menu__panel${open ? ' is-open' : ''}`} hidden={!open}>
        <div className="profile-menu__user">
          {user?.profile_image ? (
            <img className="avatar avatar--lg" src={user.profile_image} alt="" width={48} height={48} />
          ) : (
            <span className="avatar avatar--lg avatar--initials" aria-hidden="true">
              {initials(user?.first_name, user?.last_name)}
            </span>
          )}
          <div className="profile-menu__identity">
            <p className="profile-menu__name">{name}</p>
            {user?.email && <p className="profile-menu__email">{user.email}</p>}
          </div>
        </div>
        <ul id={menuId} role="menu" aria-label="Account" ref={menuRef} onKeyDown={onMenuKeyDown}>
          <li role="none" className="d-lg-none">
            <Link role="menuitem" to="/my-watch-list" tabIndex={-1} onClick={() => close(false)}>
              My Watchlist
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to="/plans" tabIndex={-1} onClick={() => close(false)}>
              Subscription plans
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to="/edit-profile" tabIndex={-1} onClick={() => close(false)}>
              Profile
            </Link>
          </li>
          <li role="none">
            <button role="menuitem" type="button" tabIndex={-1} onClick={onLogout} disabled={loggingOut}>
              Logout
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

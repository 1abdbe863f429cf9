import { Link } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { useMenuButton } from '../../../components/use-menu-button';
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
  const menu = useMenuButton({
    items: (list) => Array.from(list.querySelectorAll<HTMLElement>('[role="menuitem"]')).filter(isShown),
  });
  const { open, close } = menu;

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
    <div className="profile-menu" ref={menu.containerRef}>
      <button
        ref={menu.buttonRef}
        type="button"
        className="profile-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menu.menuId}
        aria-label={`Account menu for ${name}`}
        onClick={() => menu.setOpen(!open)}
        onKeyDown={menu.onButtonKeyDown}
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
        <ul
          id={menu.menuId}
          role="menu"
          aria-label="Account"
          ref={menu.menuRef}
          onKeyDown={menu.onMenuKeyDown}
        >
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

import './profile-menu.scss';
import type { User } from '@reeltime/contract';
import { Link } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { useMenuButton } from '../../../components/use-menu-button';
import { useUser } from '../../../lib/session';
import { initials } from '../../../lib/format';
import { useLogout } from '../api/auth-api';
import { paths } from '../../../lib/paths';

/** The member's picture, or their initials; decorative next to their name. */
function Avatar({ user, size, large = false }: { user: User | null; size: number; large?: boolean }) {
  const className = `avatar${large ? ' avatar--lg' : ''}`;
  return user?.profile_image ? (
    <img className={className} src={user.profile_image} alt="" width={size} height={size} />
  ) : (
    <span className={`${className} avatar--initials`} aria-hidden="true">
      {initials(user?.first_name, user?.last_name)}
    </span>
  );
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
        <Avatar user={user} size={36} />
      </button>
      <div className={`profile-menu__panel${open ? ' is-open' : ''}`} hidden={!open}>
        <div className="profile-menu__user">
          <Avatar user={user} size={48} large />
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
            <Link role="menuitem" to={paths.watchList()} tabIndex={-1} onClick={() => close(false)}>
              My Watchlist
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to={paths.plans()} tabIndex={-1} onClick={() => close(false)}>
              Subscription plans
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to={paths.billing()} tabIndex={-1} onClick={() => close(false)}>
              Billing history
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to={paths.mySubmissions()} tabIndex={-1} onClick={() => close(false)}>
              My submissions
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to={paths.editProfile()} tabIndex={-1} onClick={() => close(false)}>
              Profile
            </Link>
          </li>
          {user?.is_admin ? (
            <li role="none">
              <Link role="menuitem" to={paths.admin.overview()} tabIndex={-1} onClick={() => close(false)}>
                Console
              </Link>
            </li>
          ) : null}
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

import './profile-menu.scss';
import { useState, type ReactNode } from 'react';
import type { User } from '@reeltime/contract';
import { Link } from 'react-router';
import { ProfileAvatar } from '../../../components/profile-avatar';
import { useToast } from '../../../components/toast/toast-context';
import { useMenuButton } from '../../../components/use-menu-button';
import { useProfile, useUser } from '../../../lib/session';
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

interface ProfileMenuProps {
  /**
   * The household's menu items (the other profiles, Manage profiles), as `<li role="none">`
   * items; rendered from the first time the menu opens. `close(true)` gives focus back to the button.
   */
  householdItems?: (close: (returnFocus: boolean) => void) => ReactNode;
}

/**
 * Avatar button opening a menu (menu button pattern: arrows, Home/End, Escape, Tab closes). It
 * names the household profile the site acts as; a kids profile's menu has no account pages.
 */
export function ProfileMenu({ householdItems }: ProfileMenuProps) {
  const user = useUser();
  const profile = useProfile();
  const kids = profile?.is_kids === true;
  const toast = useToast();
  const { logout, isPending: loggingOut } = useLogout(toast);
  const menu = useMenuButton({
    items: (list) => Array.from(list.querySelectorAll<HTMLElement>('[role="menuitem"]')).filter(isShown),
  });
  const { open, close } = menu;
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);

  const onLogout = () => {
    close(false);
    void logout();
  };

  const accountName = user ? `${user.first_name} ${user.last_name}`.trim() : 'Member';
  const name = profile?.name ?? accountName;

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
        {profile ? <ProfileAvatar profile={profile} size="sm" /> : <Avatar user={user} size={36} />}
      </button>
      <div className={`profile-menu__panel${open ? ' is-open' : ''}`} hidden={!open}>
        <div className="profile-menu__user">
          {profile ? <ProfileAvatar profile={profile} /> : <Avatar user={user} size={48} large />}
          <div className="profile-menu__identity">
            <p className="profile-menu__name">{name}</p>
            {user?.email && !kids && <p className="profile-menu__email">{user.email}</p>}
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
          {opened && householdItems?.(close)}
          <li role="none">
            <Link role="menuitem" to={paths.playbackPreferences()} tabIndex={-1} onClick={() => close(false)}>
              Playback settings
            </Link>
          </li>
          {!kids && (
            <>
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
                  Account
                </Link>
              </li>
              {user?.is_admin ? (
                <li role="none">
                  <Link
                    role="menuitem"
                    to={paths.admin.overview()}
                    tabIndex={-1}
                    onClick={() => close(false)}
                  >
                    Console
                  </Link>
                </li>
              ) : null}
            </>
          )}
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

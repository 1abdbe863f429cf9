import './admin.scss';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { appName } from '../../../lib/env';
import { useUser } from '../../../lib/session';
import { adminSections } from './admin-sections';
import { useConsoleSignOut } from './use-console-sign-out';
import { useSectionTitle } from './use-section-title';
import { paths } from '../../../lib/paths';

/**
 * The console's frame: its navigation and the signed-in admin beside the section, in `#main`, where
 * the root layout's skip link leads.
 */
export function AdminLayout() {
  const user = useUser();
  useSectionTitle();
  const { signOut, isPending } = useConsoleSignOut();
  const name = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : 'Admin';
  const { pathname } = useLocation();
  // On narrow screens the navigation folds away; it belongs to the page it was opened on, so
  // following one of its links closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setOpenOn(null);
    toggleRef.current?.focus();
  };

  return (
    <div className="admin-layout">
      <nav
        className={`admin-nav${menuOpen ? ' is-open' : ''}`}
        aria-label="Console"
        onKeyDown={closeOnEscape}
      >
        <Link to={paths.admin.overview()} className="admin-nav__brand">
          <svg className="admin-nav__mark" viewBox="0 0 64 64" width="26" height="26" aria-hidden="true">
            <rect width="64" height="64" rx="14" fill="currentColor" />
            <path d="M24 18v28l22-14z" fill="#fff" />
          </svg>
          <span>
            {appName}
            <span className="admin-nav__tag">Console</span>
          </span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-sm btn-outline-light admin-nav__toggle"
          aria-controls="admin-nav-sections"
          aria-expanded={menuOpen}
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          Menu
        </button>
        {/* A link followed closes the menu, even the current section's own. */}
        <div
          id="admin-nav-sections"
          className="admin-nav__sections"
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a')) setOpenOn(null);
          }}
        >
          <ul className="admin-nav__list">
            {adminSections.map((section) => (
              <li key={section.path}>
                <NavLink
                  to={section.path}
                  end={section.path === paths.admin.overview()}
                  className="admin-nav__link"
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="admin-nav__account">
            <p className="admin-nav__user">
              <span className="visually-hidden">Signed in as </span>
              <span className="admin-nav__name">{name}</span>
              {user?.email ? <span className="admin-nav__email">{user.email}</span> : null}
            </p>
            <Link to={paths.browse()} className="admin-nav__back">
              Back to the site
            </Link>
            <button
              type="button"
              className="btn btn-sm btn-outline-light admin-nav__sign-out"
              onClick={() => void signOut()}
              disabled={isPending}
            >
              {isPending ? 'Signing out…' : 'Sign out'}
            </button>
          </div>
        </div>
      </nav>
      <main id="main" tabIndex={-1} className="admin-main">
        <Outlet />
      </main>
    </div>
  );
}

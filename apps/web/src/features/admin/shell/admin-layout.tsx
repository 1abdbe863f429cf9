import { Link, NavLink, Outlet } from 'react-router';
import '../../../styles/admin.scss';
import { adminSections } from './admin-sections';

/** The console's frame: its navigation beside the section on screen. */
export function AdminLayout() {
  return (
    <div className="admin-layout">
      <nav className="admin-nav" aria-label="Console">
        <Link to="/admin" className="admin-nav__brand">
          Console
        </Link>
        <ul className="admin-nav__list">
          {adminSections.map((section) => (
            <li key={section.path}>
              <NavLink to={`/admin/${section.path}`} end={section.path === ''} className="admin-nav__link">
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <Link to="/browse" className="admin-nav__back">
          Back to the site
        </Link>
      </nav>
      <main id="main" tabIndex={-1} className="admin-main">
        <Outlet />
      </main>
    </div>
  );
}

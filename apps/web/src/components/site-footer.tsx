import { Link } from 'react-router';
import { appName } from '../lib/env';

const links = [
  { to: '/browse', label: 'Browse' },
  { to: '/movies', label: 'Movies' },
  { to: '/tv-show', label: 'TV Shows' },
  { to: '/plans', label: 'Subscription Plans' },
  { to: '/submit-your-movie', label: 'Submit Your Movie' },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container-xxl">
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copyright">© 2025 {appName}. All rights reserved.</p>
      </div>
    </footer>
  );
}

import './site-footer.scss';
import { Link } from 'react-router';
import { appName, supportEmail } from '../lib/env';
import { paths } from '../lib/paths';
import { useIsKids } from '../lib/session';
import { SupportLink } from './support-link';

const catalogLinks = [
  { to: paths.browse(), label: 'Browse' },
  { to: paths.movies(), label: 'Movies' },
  { to: paths.tvShows(), label: 'TV Shows' },
];
/** Account pages: not offered to a kids profile. */
const accountLinks = [
  { to: paths.plans(), label: 'Subscription Plans' },
  { to: paths.submitMovie(), label: 'Submit Your Movie' },
];

export function SiteFooter() {
  const links = useIsKids() ? catalogLinks : [...catalogLinks, ...accountLinks];
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
        {supportEmail() ? (
          <p className="site-footer__support">
            Need help? Write to <SupportLink />
          </p>
        ) : null}
        <p className="site-footer__copyright">© 2025 {appName}. All rights reserved.</p>
      </div>
    </footer>
  );
}

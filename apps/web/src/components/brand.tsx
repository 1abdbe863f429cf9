import './brand.scss';
import { Link } from 'react-router';
import { appName } from '../lib/env';
import { paths } from '../lib/paths';

/** The wordmark; links home. */
export function Brand({ to = paths.landing() }: { to?: string }) {
  return (
    <Link to={to} className="brand" aria-label={`${appName} home`}>
      <svg className="brand__mark" viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="currentColor" />
        <path d="M24 18v28l22-14z" fill="#fff" />
      </svg>
      <span className="brand__name">{appName}</span>
    </Link>
  );
}

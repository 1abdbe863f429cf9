import { Link } from 'react-router';
import { paths } from '../lib/paths';

export function NotFoundPage() {
  return (
    <section className="container-xxl page-section error-page">
      <p className="error-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">Page not found</h1>
      <p className="text-body-secondary">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.browse()} className="btn btn-primary">
        Go to Browse
      </Link>
    </section>
  );
}

import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../lib/paths';

/** Shown when a page throws or its code cannot be loaded (for example after a new release). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="container-xxl page-section error-page" tabIndex={-1}>
      <h1 className="page-title">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="text-body-secondary">
        {notFound
          ? 'We could not find that page.'
          : 'Please reload the page. If it keeps happening, try again later.'}
      </p>
      <div className="d-flex gap-2 flex-wrap">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={paths.browse()} className="btn btn-outline-light">
          Go to Browse
        </Link>
      </div>
    </main>
  );
}

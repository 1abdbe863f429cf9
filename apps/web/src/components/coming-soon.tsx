import './coming-soon.scss';
import { Link } from 'react-router';
import { paths } from '../lib/paths';

/** Minimal page for screens that are routed but built elsewhere. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="container-xxl page-section coming-soon">
      <h1 className="page-title">{title}</h1>
      <p className="text-body-secondary">This page is coming soon.</p>
      <Link to={paths.browse()} className="btn btn-primary">
        Back to browsing
      </Link>
    </section>
  );
}

import '../household.scss';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** What a kids profile sees on an account page (billing, plans, the account, submissions). */
export function AskAGrownUpPage() {
  return (
    <section className="container-xxl page-section ask-grown-up">
      <p className="ask-grown-up__icon" aria-hidden="true">
        🧸
      </p>
      <h1 className="page-title">Ask a grown-up</h1>
      <p className="text-body-secondary">
        This page is for grown-ups. Ask one to switch to their profile to open it.
      </p>
      <Link to={paths.browse()} className="btn btn-primary">
        Back to Browse
      </Link>
    </section>
  );
}

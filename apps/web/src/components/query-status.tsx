import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../lib/api-client';

interface QueryStatusProps {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch'>;
  /** Read by screen readers while it loads, e.g. `Loading profiles`. */
  loadingLabel: string;
  /** Shown when the server gave no message of its own, e.g. `The profiles could not be loaded.` */
  failureText: string;
  className?: string;
}

/** A page's read while it loads (a spinner) or after it failed (the reason and Try again); nothing once it has data. */
export function QueryStatus({ query, loadingLabel, failureText, className = '' }: QueryStatusProps) {
  if (query.isPending) {
    return (
      <div className="app-loading app-loading--inline" role="status">
        <span className="app-loading__spinner" aria-hidden="true" />
        <span className="visually-hidden">{loadingLabel}</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={className} role="alert">
        <p>{errorMessage(query.error, failureText)}</p>
        <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return null;
}

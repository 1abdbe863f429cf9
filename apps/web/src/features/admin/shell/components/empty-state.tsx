import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  hint?: ReactNode;
  /** A way forward, such as a button that creates the first item or clears the filters. */
  action?: ReactNode;
}

/** What a console list shows when it has nothing to list. */
export function EmptyState({ title, hint, action }: EmptyStateProps) {
  return (
    <div className="admin-empty-state">
      <p className="admin-empty-state__title">{title}</p>
      {hint ? <p className="admin-empty-state__hint">{hint}</p> : null}
      {action ? <div className="admin-empty-state__action">{action}</div> : null}
    </div>
  );
}

import type { ReactNode } from 'react';

interface AdminPageHeaderProps {
  title: string;
  /** One line under the heading saying what the section is for. */
  description?: ReactNode;
  /** Buttons or links on the right, such as "New title". */
  actions?: ReactNode;
}

/** A console section's heading with its main actions. */
export function AdminPageHeader({ title, description, actions }: AdminPageHeaderProps) {
  return (
    <header className="admin-page-header">
      <div>
        <h1 className="admin-page-header__title">{title}</h1>
        {description ? <p className="admin-page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="admin-page-header__actions">{actions}</div> : null}
    </header>
  );
}

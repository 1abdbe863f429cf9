import './auth-card.scss';
import type { ReactNode } from 'react';

/** The framed card of the account pages, over a dimmed artwork backdrop. */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-card__title">
          {title}
        </h1>
        {children}
        {footer && <div className="auth-card__footer">{footer}</div>}
      </section>
    </div>
  );
}

import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A line under the figure, such as "+12 in the last 7 days". */
  detail?: ReactNode;
}

/** One headline figure of the overview. */
export function StatCard({ label, value, detail }: StatCardProps) {
  return (
    <section className="overview-card" aria-label={label}>
      <h2 className="overview-card__label">{label}</h2>
      <p className="overview-card__value">{value}</p>
      {detail ? <p className="overview-card__detail">{detail}</p> : null}
    </section>
  );
}

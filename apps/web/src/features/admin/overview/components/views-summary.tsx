import { formatCount, formatShortDay } from './overview-format';

interface ViewsSummaryProps {
  days: { day: string; views: number }[];
}

/** The chart's figures in words and as a table, for screen readers and for anyone who wants the numbers. */
export function ViewsSummary({ days }: ViewsSummaryProps) {
  const total = days.reduce((sum, entry) => sum + entry.views, 0);
  const busiest = days.reduce<{ day: string; views: number } | null>(
    (best, entry) => (entry.views > (best?.views ?? 0) ? entry : best),
    null,
  );
  return (
    <>
      <p className="overview-chart__summary">
        {total === 0
          ? 'No views in the last 30 days.'
          : `${formatCount(total)} views in the last 30 days; the busiest day was ${formatShortDay(busiest!.day)} with ${formatCount(busiest!.views)}.`}
      </p>
      <details className="overview-chart__table">
        <summary>Views per day as a table</summary>
        <table className="table table-dark table-sm mb-0">
          <caption className="visually-hidden">Views per day, last 30 days</caption>
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              <th scope="col" className="text-end">
                Views
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((entry) => (
              <tr key={entry.day}>
                <td>{formatShortDay(entry.day)}</td>
                <td className="text-end">{formatCount(entry.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}

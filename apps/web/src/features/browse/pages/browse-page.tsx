import '../browse.scss';
import { BROWSE_ROWS } from '../api/browse-api';
import { BrowseRow } from '../components/browse-row';
import { ContinueWatchingRow } from '../components/continue-watching-row';
import { HeroBanner } from '../components/hero-banner';
import { useProgressiveCount } from '../components/use-progressive-count';

export function BrowsePage() {
  const visible = useProgressiveCount(BROWSE_ROWS.length, { initial: 1, step: 2, threshold: 50 });
  return (
    <div className="browse-page">
      <h1 className="visually-hidden">Browse</h1>
      <HeroBanner />
      <div className="container-xxl browse-page__rows">
        <ContinueWatchingRow />
        {BROWSE_ROWS.slice(0, visible).map((row) => (
          <BrowseRow key={row.title} row={row} />
        ))}
      </div>
    </div>
  );
}

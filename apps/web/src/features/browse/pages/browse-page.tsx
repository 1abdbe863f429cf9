import '../browse.scss';
import { Fragment, type ReactNode } from 'react';
import { BROWSE_ROWS } from '../api/browse-api';
import { BrowseRow } from '../components/browse-row';
import { ContinueWatchingRow } from '../components/continue-watching-row';
import { HeroBanner } from '../components/hero-banner';
import { RecommendationRows } from '../components/recommendation-rows';
import { useProgressiveCount } from '../components/use-progressive-count';
import { useIsSignedIn } from '../../../lib/session';

/**
 * The sections below the banner, in order: the spec's first row, then (for a member) the personal
 * rows as one section loaded in one request, then the spec's other rows.
 */
function useSections(): { key: string; node: ReactNode }[] {
  const signedIn = useIsSignedIn();
  const rows = BROWSE_ROWS.map((row) => ({ key: row.title, node: <BrowseRow row={row} /> }));
  if (!signedIn) return rows;
  return [rows[0]!, { key: 'recommendations', node: <RecommendationRows /> }, ...rows.slice(1)];
}

export function BrowsePage() {
  const sections = useSections();
  const visible = useProgressiveCount(sections.length, { initial: 1, step: 2, threshold: 50 });
  return (
    <div className="browse-page">
      <h1 className="visually-hidden">Browse</h1>
      <HeroBanner />
      <div className="container-xxl browse-page__rows">
        <ContinueWatchingRow />
        {sections.slice(0, visible).map((section) => (
          <Fragment key={section.key}>{section.node}</Fragment>
        ))}
      </div>
    </div>
  );
}

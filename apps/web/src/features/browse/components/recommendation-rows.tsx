import { useQuery } from '@tanstack/react-query';
import { MovieCarousel } from '../../../components/movie-carousel';
import { useIsSignedIn } from '../../../lib/session';
import { recommendationsQuery } from '../api/browse-api';

/** The heading of the placeholder row shown while the personal rows load. */
export const RECOMMENDATIONS_LOADING_TITLE = 'Picked for you';

/**
 * The profile's personal rows ("Because you watched …", "Trending now", "New on …"), each a
 * carousel like the others. One placeholder row while they load; nothing for visitors, and no
 * row at all for one the server left empty.
 */
export function RecommendationRows() {
  const signedIn = useIsSignedIn();
  const { data, isPending } = useQuery(recommendationsQuery(signedIn));
  if (!signedIn) return null;
  if (isPending) return <MovieCarousel title={RECOMMENDATIONS_LOADING_TITLE} movies={undefined} isLoading />;
  return (
    <>
      {(data ?? [])
        .filter((row) => row.items.length > 0)
        .map((row) => (
          <MovieCarousel key={row.key} title={row.title} movies={row.items} isLoading={false} />
        ))}
    </>
  );
}

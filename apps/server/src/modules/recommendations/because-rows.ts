/** A stored neighbour as the rows read it. */
export interface ScoredNeighbour {
  id: number;
  score: number;
}

/**
 * The "Because you watched" rows: for each reason title (newest first) its neighbours, ordered by
 * their similarity to it plus their similarity to the profile's other recent titles, so the row
 * about one title still leans towards the profile's taste as a whole. `skip` leaves out titles
 * the row may not show (played, hidden, or already in an earlier row: it is told of each title
 * taken). Rows that come out empty are left out; at most `rows` rows.
 */
export function becauseRows(
  reasons: readonly number[],
  recent: readonly number[],
  neighboursOf: ReadonlyMap<number, readonly ScoredNeighbour[]>,
  limits: { rows: number; rowSize: number },
  skip: (id: number) => boolean,
  take: (id: number) => void,
): { reasonId: number; ids: number[] }[] {
  const context = new Map<number, number>();
  for (const titleId of recent) {
    for (const neighbour of neighboursOf.get(titleId) ?? []) {
      context.set(neighbour.id, (context.get(neighbour.id) ?? 0) + neighbour.score);
    }
  }
  const rows: { reasonId: number; ids: number[] }[] = [];
  for (const reasonId of reasons) {
    if (rows.length === limits.rows) break;
    const own = neighboursOf.get(reasonId) ?? [];
    // The reason's own share is in `context` already when it is one of the recent titles.
    const counted = recent.includes(reasonId);
    const ranked = own
      .map((neighbour) => ({
        id: neighbour.id,
        score: (counted ? 0 : neighbour.score) + neighbour.score + (context.get(neighbour.id) ?? 0),
      }))
      .sort((a, b) => b.score - a.score || a.id - b.id);
    const ids: number[] = [];
    for (const { id } of ranked) {
      if (ids.length === limits.rowSize) break;
      if (skip(id)) continue;
      ids.push(id);
      take(id);
    }
    if (ids.length > 0) rows.push({ reasonId, ids });
  }
  return rows;
}

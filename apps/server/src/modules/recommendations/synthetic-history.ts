import type { Rng } from '../../db/seed/random';

/**
 * Viewing histories with taste in them, for the offline evaluation (`npm run eval:recs`) and the
 * job's benchmark: each member favours two or three genres and plays mostly titles of those,
 * the popular ones more often, and now and then anything popular. Not used by the server itself.
 */
export interface SyntheticTitle {
  id: number;
  genreIds: readonly number[];
}

export interface SyntheticPlay {
  member: number;
  titleId: number;
  /** Epoch ms; each member's plays in order. */
  at: number;
  liked: boolean;
}

export interface HistoryOptions {
  members: number;
  /** Distinct titles each member plays, drawn between these bounds. */
  minPlays: number;
  maxPlays: number;
  /** Share of plays drawn from the member's favourite genres. */
  tasteShare: number;
  /** Share of plays that are liked too. */
  likeShare: number;
  startAt: number;
}

/** Draws ids in proportion to weights, by binary search over the running totals. */
function weightedPicker(ids: readonly number[], weights: readonly number[]) {
  const totals = new Float64Array(ids.length);
  let sum = 0;
  for (let i = 0; i < ids.length; i++) totals[i] = sum += weights[i]!;
  return (rng: Rng): number => {
    const target = rng.next() * sum;
    let low = 0;
    let high = ids.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (totals[middle]! <= target) low = middle + 1;
      else high = middle;
    }
    return ids[low]!;
  };
}

/** A Zipf-like popularity for each title (a few titles are played far more than most). */
export function popularityOf(titles: readonly SyntheticTitle[], rng: Rng): Map<number, number> {
  const order = rng.shuffle(titles.map((title) => title.id));
  return new Map(order.map((id, rank) => [id, 1 / Math.pow(rank + 10, 0.9)]));
}

export function generateHistory(
  titles: readonly SyntheticTitle[],
  popularity: ReadonlyMap<number, number>,
  options: HistoryOptions,
  rng: Rng,
): SyntheticPlay[] {
  const ids = titles.map((title) => title.id);
  const anyTitle = weightedPicker(
    ids,
    ids.map((id) => popularity.get(id)!),
  );
  const byGenre = new Map<number, number[]>();
  for (const title of titles) {
    for (const genre of title.genreIds) {
      const list = byGenre.get(genre) ?? [];
      list.push(title.id);
      byGenre.set(genre, list);
    }
  }
  const genres = [...byGenre.keys()];
  const genrePickers = new Map(
    [...byGenre].map(([genre, members]) => [
      genre,
      weightedPicker(
        members,
        members.map((id) => popularity.get(id)!),
      ),
    ]),
  );

  const plays: SyntheticPlay[] = [];
  for (let member = 0; member < options.members; member++) {
    const favourites = rng.sample(genres, rng.int(2, 3));
    const count = rng.int(options.minPlays, options.maxPlays);
    const played = new Set<number>();
    let at = options.startAt + member;
    for (let attempts = 0; played.size < count && attempts < count * 20; attempts++) {
      const titleId = rng.chance(options.tasteShare)
        ? genrePickers.get(rng.pick(favourites))!(rng)
        : anyTitle(rng);
      if (played.has(titleId)) continue;
      played.add(titleId);
      at += 60_000;
      plays.push({ member, titleId, at, liked: rng.chance(options.likeShare) });
    }
  }
  return plays;
}

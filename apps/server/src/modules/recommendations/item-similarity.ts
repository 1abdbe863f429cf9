/**
 * Item-to-item similarity, in memory and on plain arrays, so the job, its tests and the offline
 * evaluation (`npm run eval:recs`) share one implementation. Decision 0045 explains the choices.
 */

/** One profile's signal on one title: 1 for a play, 2 for a like (a like outweighs a play). */
export interface Interaction {
  profileId: number;
  titleId: number;
  weight: number;
  /** When it happened (epoch ms); only the newest titles of a long history are paired. */
  at: number;
}

/** What content similarity reads of a title. */
export interface TitleFeatures {
  id: number;
  genreIds: readonly number[];
  castIds: readonly number[];
  /** Likes and views of all time: breaks ties between equally similar titles. */
  popularity: number;
}

export interface Neighbour {
  id: number;
  score: number;
  source: 'cowatch' | 'content';
}

export interface SimilarityOptions {
  /** Neighbours kept per title. */
  neighbours: number;
  /** A profile's newest titles paired with each other; older ones are left out of the pairs. */
  historyCap: number;
  /** Profiles that must share two titles for co-watching to count as evidence. */
  minCoWatchers: number;
  /** Shrinks the cosine of pairs few profiles share towards zero. */
  shrinkage: number;
  /** Per genre, the most popular titles looked at as content candidates. */
  genreCandidates: number;
  /** Per cast member, the most popular titles looked at as content candidates. */
  castCandidates: number;
}

export const DEFAULT_SIMILARITY_OPTIONS: SimilarityOptions = {
  neighbours: 20,
  historyCap: 60,
  minCoWatchers: 2,
  shrinkage: 3,
  genreCandidates: 60,
  castCandidates: 30,
};

/**
 * Called between slices of the work: the job gives the event loop a turn there (the API may share
 * the process) and stops when it is cancelled.
 */
export type Pause = () => Promise<void>;
const noPause: Pause = () => Promise.resolve();
/** Titles worked on between two pauses. */
const PAUSE_EVERY = 500;

/** Compressed rows: the entries of row `r` are `values[offsets[r]] … values[offsets[r + 1] - 1]`. */
interface Csr {
  offsets: Int32Array;
  values: Int32Array;
  weights: Float32Array;
}

function groupBy(count: number, keys: Int32Array, values: Int32Array, weights: Float32Array): Csr {
  const offsets = new Int32Array(count + 1);
  for (const key of keys) offsets[key + 1]!++;
  for (let i = 0; i < count; i++) offsets[i + 1]! += offsets[i]!;
  const cursor = offsets.slice(0, count);
  const grouped = new Int32Array(values.length);
  const groupedWeights = new Float32Array(values.length);
  for (let i = 0; i < keys.length; i++) {
    const at = cursor[keys[i]!]!++;
    grouped[at] = values[i]!;
    groupedWeights[at] = weights[i]!;
  }
  return { offsets, values: grouped, weights: groupedWeights };
}

/**
 * Each profile's strongest signal per title, its newest `historyCap` titles only: a play and a
 * like of the same title count as the like.
 */
function profileTitles(interactions: readonly Interaction[], historyCap: number) {
  const byProfile = new Map<number, Map<number, { weight: number; at: number }>>();
  for (const { profileId, titleId, weight, at } of interactions) {
    let titles = byProfile.get(profileId);
    if (!titles) byProfile.set(profileId, (titles = new Map()));
    const seen = titles.get(titleId);
    if (!seen) titles.set(titleId, { weight, at });
    else {
      seen.weight = Math.max(seen.weight, weight);
      seen.at = Math.max(seen.at, at);
    }
  }
  const lists: { titleId: number; weight: number }[][] = [];
  for (const titles of byProfile.values()) {
    let entries = [...titles.entries()];
    if (entries.length > historyCap) entries = entries.sort((a, b) => b[1].at - a[1].at).slice(0, historyCap);
    lists.push(entries.map(([titleId, { weight }]) => ({ titleId, weight })));
  }
  return lists;
}

/**
 * Co-watching neighbours of every title some profile played or liked: cosine similarity of the
 * titles' profile vectors (weights as in Interaction), shrunk by how many profiles share the pair,
 * over pairs at least `minCoWatchers` profiles share.
 */
export async function coWatchNeighbours(
  interactions: readonly Interaction[],
  options: SimilarityOptions = DEFAULT_SIMILARITY_OPTIONS,
  pause: Pause = noPause,
): Promise<Map<number, Neighbour[]>> {
  const profiles = profileTitles(interactions, options.historyCap);
  // Dense indexes for the titles seen.
  const indexOf = new Map<number, number>();
  const idOf: number[] = [];
  let entries = 0;
  for (const list of profiles) {
    entries += list.length;
    for (const { titleId } of list) {
      if (!indexOf.has(titleId)) {
        indexOf.set(titleId, idOf.length);
        idOf.push(titleId);
      }
    }
  }
  const titleCount = idOf.length;
  const profileKeys = new Int32Array(entries);
  const titleValues = new Int32Array(entries);
  const weights = new Float32Array(entries);
  const norms = new Float64Array(titleCount);
  let at = 0;
  for (const [profile, list] of profiles.entries()) {
    for (const { titleId, weight } of list) {
      const index = indexOf.get(titleId)!;
      profileKeys[at] = profile;
      titleValues[at] = index;
      weights[at] = weight;
      norms[index]! += weight * weight;
      at++;
    }
  }
  const byProfile = groupBy(profiles.length, profileKeys, titleValues, weights);
  const byTitle = groupBy(titleCount, titleValues, profileKeys, weights);

  // One title at a time: accumulate its dot products with every title its profiles played.
  const dot = new Float64Array(titleCount);
  const shared = new Int32Array(titleCount);
  const touched: number[] = [];
  const result = new Map<number, Neighbour[]>();
  for (let title = 0; title < titleCount; title++) {
    if (title % PAUSE_EVERY === 0) await pause();
    for (let p = byTitle.offsets[title]!; p < byTitle.offsets[title + 1]!; p++) {
      const profile = byTitle.values[p]!;
      const weight = byTitle.weights[p]!;
      for (let q = byProfile.offsets[profile]!; q < byProfile.offsets[profile + 1]!; q++) {
        const other = byProfile.values[q]!;
        if (other === title) continue;
        if (shared[other] === 0) touched.push(other);
        dot[other]! += weight * byProfile.weights[q]!;
        shared[other]!++;
      }
    }
    // The best `neighbours` by score, kept sorted while scanning (most titles fall below the last).
    const bestIds: number[] = [];
    const bestScores: number[] = [];
    for (const other of touched) {
      const count = shared[other]!;
      if (count >= options.minCoWatchers) {
        const cosine = dot[other]! / Math.sqrt(norms[title]! * norms[other]!);
        const score = cosine * (count / (count + options.shrinkage));
        if (bestIds.length < options.neighbours || score > bestScores[bestScores.length - 1]!) {
          let at = bestScores.length;
          while (
            at > 0 &&
            (bestScores[at - 1]! < score ||
              (bestScores[at - 1] === score && idOf[bestIds[at - 1]!]! > idOf[other]!))
          )
            at--;
          bestIds.splice(at, 0, other);
          bestScores.splice(at, 0, score);
          if (bestIds.length > options.neighbours) {
            bestIds.pop();
            bestScores.pop();
          }
        }
      }
      dot[other] = 0;
      shared[other] = 0;
    }
    touched.length = 0;
    result.set(
      idOf[title]!,
      bestIds.map((other, index) => ({
        id: idOf[other]!,
        score: bestScores[index]!,
        source: 'cowatch' as const,
      })),
    );
  }
  return result;
}

/**
 * Titles sharing genres and cast with `title`, best first: the Jaccard index of the genre sets
 * (0.6) plus shared cast members (0.4 for two or more); equal scores keep the order found (genre
 * lists, then cast lists, each most popular first). Candidates are the most popular titles of each
 * of its genres and of each of its cast members, so the work per title is bounded whatever the
 * catalog's size.
 */
export function createContentSimilarity(
  titles: readonly TitleFeatures[],
  options: SimilarityOptions = DEFAULT_SIMILARITY_OPTIONS,
) {
  // Dense indexes, most popular first, so a smaller index is the more popular title.
  const popular = [...titles].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  const indexOf = new Map(popular.map((title, index) => [title.id, index]));
  const genreIndex = new Map<number, number>();
  const personIndex = new Map<number, number>();
  const dense = (map: Map<number, number>, key: number) => {
    let index = map.get(key);
    if (index === undefined) map.set(key, (index = map.size));
    return index;
  };
  const genresOf = popular.map((title) => title.genreIds.map((genre) => dense(genreIndex, genre)));
  const castOf = popular.map((title) => title.castIds.map((person) => dense(personIndex, person)));
  const genreMembers: number[][] = Array.from({ length: genreIndex.size }, () => []);
  const castMembers: number[][] = Array.from({ length: personIndex.size }, () => []);
  for (let index = 0; index < popular.length; index++) {
    for (const genre of genresOf[index]!) {
      if (genreMembers[genre]!.length < options.genreCandidates) genreMembers[genre]!.push(index);
    }
    for (const person of castOf[index]!) {
      if (castMembers[person]!.length < options.castCandidates) castMembers[person]!.push(index);
    }
  }
  // Stamps instead of sets: a slot holds the number of the call that last marked it.
  const candidateStamp = new Int32Array(popular.length);
  const genreStamp = new Int32Array(genreIndex.size);
  const personStamp = new Int32Array(personIndex.size);
  let stamp = 0;

  return (titleId: number, limit: number, exclude: ReadonlySet<number> = new Set()): Neighbour[] => {
    const self = indexOf.get(titleId);
    if (self === undefined || limit <= 0) return [];
    stamp++;
    const genres = genresOf[self]!;
    const cast = castOf[self]!;
    for (const genre of genres) genreStamp[genre] = stamp;
    for (const person of cast) personStamp[person] = stamp;
    candidateStamp[self] = stamp;
    // The best `limit`, kept sorted; equal scores keep the more popular (smaller index) first.
    const bestIndexes: number[] = [];
    const bestScores: number[] = [];
    const consider = (index: number) => {
      if (candidateStamp[index] === stamp) return;
      candidateStamp[index] = stamp;
      if (exclude.has(popular[index]!.id)) return;
      let sharedGenres = 0;
      for (const genre of genresOf[index]!) if (genreStamp[genre] === stamp) sharedGenres++;
      let sharedCast = 0;
      for (const person of castOf[index]!) if (personStamp[person] === stamp) sharedCast++;
      const union = genres.length + genresOf[index]!.length - sharedGenres;
      const score = 0.6 * (union > 0 ? sharedGenres / union : 0) + 0.2 * Math.min(sharedCast, 2);
      if (score <= 0) return;
      if (bestScores.length === limit && score <= bestScores[limit - 1]!) return;
      let at = bestScores.length;
      while (at > 0 && bestScores[at - 1]! < score) at--;
      bestIndexes.splice(at, 0, index);
      bestScores.splice(at, 0, score);
      if (bestIndexes.length > limit) {
        bestIndexes.pop();
        bestScores.pop();
      }
    };
    // Popular candidates come first in each list, so ties keep the more popular title.
    for (const genre of genres) for (const index of genreMembers[genre]!) consider(index);
    for (const person of cast) for (const index of castMembers[person]!) consider(index);
    return bestIndexes.map((index, rank) => ({
      id: popular[index]!.id,
      score: bestScores[rank]!,
      source: 'content' as const,
    }));
  };
}

/**
 * Content scores (0 to 1) are scaled below typical co-watching ones when stored beside them: the
 * rows add up neighbours' scores across a profile's titles, and shared genres are weaker evidence
 * than shared viewers.
 */
export const CONTENT_SCALE = 0.2;

/**
 * Every seed title's neighbours: its co-watching ones, topped up with content ones (never the
 * same title twice) when co-watching gives fewer than `neighbours`.
 */
export async function computeNeighbours(
  interactions: readonly Interaction[],
  titles: readonly TitleFeatures[],
  options: SimilarityOptions = DEFAULT_SIMILARITY_OPTIONS,
  pause: Pause = noPause,
): Promise<Map<number, Neighbour[]>> {
  const coWatch = await coWatchNeighbours(interactions, options, pause);
  const content = createContentSimilarity(titles, options);
  const known = new Set(titles.map((title) => title.id));
  const result = new Map<number, Neighbour[]>();
  let done = 0;
  for (const [titleId, neighbours] of coWatch) {
    if (++done % PAUSE_EVERY === 0) await pause();
    if (!known.has(titleId)) continue;
    const kept = neighbours.filter((neighbour) => known.has(neighbour.id));
    if (kept.length < options.neighbours) {
      const taken = new Set(kept.map((neighbour) => neighbour.id));
      for (const neighbour of content(titleId, options.neighbours - kept.length, taken)) {
        kept.push({ ...neighbour, score: neighbour.score * CONTENT_SCALE });
      }
    }
    if (kept.length > 0) result.set(titleId, kept);
  }
  return result;
}

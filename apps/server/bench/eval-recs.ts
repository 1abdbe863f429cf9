/**
 * `npm run eval:recs`: offline evaluation of the recommender. Generates a catalog and viewing
 * histories with taste in them (synthetic-history.ts), holds out each test member's last plays,
 * computes the similarities from everything else with the job's own code, and prints
 * precision@10 and recall@10 of the item-to-item recommender (and of the rows as the browse page
 * shows them) beside a popularity baseline. Exits non-zero when either does not beat popularity
 * on both.
 *
 * Options: --members N (default 4000), --titles N (default 3000), --seed N.
 */
import { parseArgs } from 'node:util';
import { createRng } from '../src/db/seed/random';
import {
  computeNeighbours,
  DEFAULT_SIMILARITY_OPTIONS,
  type Interaction,
  type TitleFeatures,
} from '../src/modules/recommendations/item-similarity';
import { LIKE_WEIGHT, PLAY_WEIGHT } from '../src/modules/recommendations/recommendations.repository';
import { becauseRows } from '../src/modules/recommendations/because-rows';
import {
  BECAUSE_ROWS,
  RECENT_CONTEXT,
  ROW_SIZE,
  SEED_CANDIDATES,
} from '../src/modules/recommendations/recommendations.service';
import {
  generateHistory,
  popularityOf,
  type SyntheticPlay,
  type SyntheticTitle,
} from '../src/modules/recommendations/synthetic-history';

const K = 10;
/** Each test member's newest plays held out. */
const HELD_OUT = 5;
/** Share of members whose last plays are held out. */
const TEST_SHARE = 0.2;
/** Recent titles whose neighbours are summed for the item-to-item list. */
const RECENT_SEEDS = 10;

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '4000' },
    titles: { type: 'string', default: '3000' },
    seed: { type: 'string', default: '424242' },
  },
});
const memberCount = Number(values.members);
const titleCount = Number(values.titles);
const rng = createRng(Number(values.seed));

// A catalog: 20 genres, one to three per title, four cast members each from a pool of people.
const GENRES = 20;
const people = Math.max(50, Math.round(titleCount * 1.5));
const titles: (SyntheticTitle & { castIds: number[] })[] = Array.from({ length: titleCount }, (_, index) => {
  const genreIds = rng.sample(
    Array.from({ length: GENRES }, (_, genre) => genre + 1),
    rng.int(1, 3),
  );
  const castIds = Array.from({ length: 4 }, () => rng.int(1, people));
  return { id: index + 1, genreIds, castIds: [...new Set(castIds)] };
});
const popularity = popularityOf(titles, rng);
const plays = generateHistory(
  titles,
  popularity,
  { members: memberCount, minPlays: 15, maxPlays: 60, tasteShare: 0.85, likeShare: 0.3, startAt: 0 },
  rng,
);

// Hold out each test member's newest plays.
const byMember = new Map<number, SyntheticPlay[]>();
for (const play of plays) {
  const list = byMember.get(play.member) ?? [];
  list.push(play);
  byMember.set(play.member, list);
}
const training: SyntheticPlay[] = [];
const tests: { history: SyntheticPlay[]; heldOut: Set<number> }[] = [];
for (const list of byMember.values()) {
  list.sort((a, b) => a.at - b.at);
  if (list.length > HELD_OUT + 5 && rng.chance(TEST_SHARE)) {
    const history = list.slice(0, -HELD_OUT);
    tests.push({ history, heldOut: new Set(list.slice(-HELD_OUT).map((play) => play.titleId)) });
    training.push(...history);
  } else training.push(...list);
}

const interactions: Interaction[] = training.flatMap((play) => [
  { profileId: play.member, titleId: play.titleId, weight: PLAY_WEIGHT, at: play.at },
  ...(play.liked
    ? [{ profileId: play.member, titleId: play.titleId, weight: LIKE_WEIGHT, at: play.at }]
    : []),
]);
const playCount = new Map<number, number>();
for (const play of training) playCount.set(play.titleId, (playCount.get(play.titleId) ?? 0) + 1);
const features: TitleFeatures[] = titles.map((title) => ({
  id: title.id,
  genreIds: title.genreIds,
  castIds: title.castIds,
  popularity: playCount.get(title.id) ?? 0,
}));

const started = performance.now();
const neighbours = await computeNeighbours(interactions, features, DEFAULT_SIMILARITY_OPTIONS);
const computeMs = performance.now() - started;
const byPopularity = [...playCount.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);

/** The first `k` of `ranked` the member has not played. */
function topUnseen(ranked: Iterable<number>, seen: ReadonlySet<number>, k = K): number[] {
  const out: number[] = [];
  for (const id of ranked) {
    if (out.length === k) break;
    if (!seen.has(id) && !out.includes(id)) out.push(id);
  }
  return out;
}

const recommenders: Record<string, (history: SyntheticPlay[], seen: ReadonlySet<number>) => number[]> = {
  popularity: (_history, seen) => topUnseen(byPopularity, seen),
  /** Neighbours of the member's latest titles, their similarities summed. */
  'item-to-item': (history, seen) => {
    const score = new Map<number, number>();
    for (const play of history.slice(-RECENT_SEEDS)) {
      for (const neighbour of neighbours.get(play.titleId) ?? []) {
        score.set(neighbour.id, (score.get(neighbour.id) ?? 0) + neighbour.score);
      }
    }
    const ranked = [...score.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
    return topUnseen([...ranked, ...byPopularity], seen);
  },
  /**
   * What the browse page shows first: the "Because you watched" rows of the latest titles, in
   * order, ranked as the endpoint ranks them; then popular titles if they are short.
   */
  'rows as shown': (history, seen) => {
    const newestFirst = history.map((play) => play.titleId).reverse();
    const taken = new Set<number>();
    const rows = becauseRows(
      newestFirst.slice(0, SEED_CANDIDATES),
      newestFirst.slice(0, RECENT_CONTEXT),
      neighbours,
      { rows: BECAUSE_ROWS, rowSize: ROW_SIZE },
      (id) => seen.has(id) || taken.has(id),
      (id) => taken.add(id),
    );
    // Row one's first half, then row two's: the cards a wide screen shows of each.
    const shown = rows.flatMap((row) => row.ids.slice(0, K / 2));
    return topUnseen([...shown, ...rows.flatMap((row) => row.ids), ...byPopularity], seen);
  },
};

const results = Object.entries(recommenders).map(([name, recommend]) => {
  let precision = 0;
  let recall = 0;
  for (const { history, heldOut } of tests) {
    const seen = new Set(history.map((play) => play.titleId));
    const hits = recommend(history, seen).filter((id) => heldOut.has(id)).length;
    precision += hits / K;
    recall += hits / heldOut.size;
  }
  return { name, precision: precision / tests.length, recall: recall / tests.length };
});

console.log(
  `${titleCount} titles, ${memberCount} members, ${plays.length} plays; ` +
    `${tests.length} test members with their last ${HELD_OUT} plays held out; ` +
    `similarities computed in ${(computeMs / 1000).toFixed(1)} s`,
);
console.log('');
console.log('| recommender | precision@10 | recall@10 |');
console.log('| --- | ---: | ---: |');
for (const result of results) {
  console.log(`| ${result.name} | ${result.precision.toFixed(4)} | ${result.recall.toFixed(4)} |`);
}

const [baseline, ...others] = results;
const behind = others.filter(
  (result) => result.precision <= baseline!.precision || result.recall <= baseline!.recall,
);
if (behind.length > 0) {
  console.error(`\n${behind.map((result) => result.name).join(', ')} does not beat the popularity baseline`);
  process.exit(1);
}
console.log('\nitem-to-item and the rows as shown beat the popularity baseline');

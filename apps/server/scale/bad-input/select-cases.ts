import type { BadCase } from './bad-case';

/**
 * `count` cases out of all generated, spread so that every operation is aimed at, every category
 * gets an even share, and at most `maxHeavy` carry megabytes: first one case per operation (its
 * categories taken in turn), then categories in turn, each walking its operations in turn.
 */
export function selectCases(all: BadCase[], count: number, maxHeavy: number): BadCase[] {
  let heavy = 0;
  const chosen = new Set<BadCase>();
  const take = (candidate: BadCase | undefined): boolean => {
    if (!candidate || chosen.has(candidate)) return false;
    if (candidate.heavy) {
      if (heavy >= maxHeavy) return false;
      heavy++;
    }
    chosen.add(candidate);
    return true;
  };

  const byOperation = groupBy(all, (item) => item.operation);
  let turn = 0;
  for (const cases of byOperation.values()) {
    const categories = [...groupBy(cases, (item) => item.category).values()];
    take(categories[turn++ % categories.length]!.find((item) => !item.heavy));
  }

  // Per category, its cases interleaved across operations.
  const queues = [...groupBy(all, (item) => item.category).values()].map((cases) =>
    interleave([...groupBy(cases, (item) => item.operation).values()]),
  );
  while (chosen.size < count && queues.some((queue) => queue.length > 0)) {
    for (const queue of queues) {
      while (queue.length > 0 && !take(queue.shift())) {
        // skip the ones already chosen or over the heavy budget
      }
      if (chosen.size >= count) break;
    }
  }
  return [...chosen];
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const group = groups.get(name);
    if (group) group.push(item);
    else groups.set(name, [item]);
  }
  return groups;
}

function interleave<T>(lists: T[][]): T[] {
  const out: T[] = [];
  for (let index = 0; out.length < lists.reduce((sum, list) => sum + list.length, 0); index++) {
    for (const list of lists) if (index < list.length) out.push(list[index]!);
  }
  return out;
}

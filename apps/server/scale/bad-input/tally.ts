import type { Outcome } from './send-cases';

/** Counts of outcomes by category and by status, as printed lines. */

const count = <K>(keys: K[]) => {
  const counts = new Map<K, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
};

export function statusLine(outcomes: Outcome[]): string {
  return [...count(outcomes.map((o) => o.response.status)).entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status === 0 ? 'no answer' : status} × ${n}`)
    .join(', ');
}

/** `category: n (status × n, …)` for each category, largest first. */
export function categoryLines(outcomes: Outcome[]): string[] {
  const byCategory = new Map<string, Outcome[]>();
  for (const outcome of outcomes) {
    const list = byCategory.get(outcome.item.category) ?? [];
    list.push(outcome);
    byCategory.set(outcome.item.category, list);
  }
  return [...byCategory.entries()]
    .sort(([, a], [, b]) => b.length - a.length)
    .map(([category, list]) => `${category}: ${list.length} (${statusLine(list)})`);
}

/** Failure messages, at most `limit`, naming the case and what was wrong. */
export function problemLines(outcomes: Outcome[], limit = 40): string[] {
  return outcomes
    .filter((o) => o.verdict.problems.length > 0)
    .slice(0, limit)
    .map(
      (o) =>
        `${o.item.category} | ${o.item.operation} | ${o.item.what} -> ${o.response.status}: ${o.verdict.problems.join('; ')} | ${o.response.body.slice(0, 200)}`,
    );
}

/** The cases answered 2xx, by category, with up to `examples` of each. */
export function acceptedLines(outcomes: Outcome[], examples = 3): string[] {
  const byCategory = new Map<string, string[]>();
  for (const o of outcomes) {
    if (o.response.status < 200 || o.response.status >= 300) continue;
    const list = byCategory.get(o.item.category) ?? [];
    list.push(`${o.item.operation} ${o.item.what.slice(0, 60)}`);
    byCategory.set(o.item.category, list);
  }
  return [...byCategory.entries()].map(
    ([category, list]) => `${category}: ${list.length} (e.g. ${list.slice(0, examples).join('; ')})`,
  );
}

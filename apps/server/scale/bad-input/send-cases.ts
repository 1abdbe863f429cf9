import type { BadCase } from './bad-case';
import type { Access } from './operations';
import { sendRaw, type RawResponse } from './raw-http';
import { judge, type Verdict } from './verdict';

export interface Outcome {
  item: BadCase;
  response: RawResponse;
  verdict: Verdict;
}

/**
 * Sends every case to `base` from `clients` concurrent connections, each case with the token of
 * its access level (none for a visitor, or when the case writes its own authorization).
 */
export async function sendCases(options: {
  base: string;
  cases: BadCase[];
  tokens: Record<Exclude<Access, 'visitor'>, string>;
  clients: number;
  secrets: string[];
}): Promise<{ outcomes: Outcome[]; resent: number }> {
  const outcomes: Outcome[] = [];
  let resent = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (next < options.cases.length) {
        const item = options.cases[next++]!;
        const request = item.request();
        const ownsAuthorization = request.headers.some(([name]) => name.toLowerCase() === 'authorization');
        if (item.access !== 'visitor' && !ownsAuthorization) {
          request.headers.push(['authorization', `Bearer ${options.tokens[item.access]}`]);
        }
        let response = await sendRaw(options.base, request);
        // A server may refuse a huge body midway and close the connection while it is still
        // being written, so that the answer is lost in the reset: such a case is sent again.
        for (let retry = 0; retry < 2 && response.status === 0 && item.heavy; retry++) {
          resent++;
          response = await sendRaw(options.base, request);
        }
        outcomes.push({ item, response, verdict: judge(request, response, options.secrets) });
      }
    }),
  );
  return { outcomes, resent };
}

import { readHandoff } from '../first-load/handoff';

/** An early answer older than this is not used: the page has long since asked on its own. */
const EARLY_RESPONSE_TTL_MS = 30_000;

/**
 * The response to a request the HTML's inline script started for this page (decision 0051), for
 * the web app's first GET of the same address in the same session; taken once. Undefined when
 * there is none, so the caller sends the request itself.
 */
export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  const requests = readHandoff(window)?.requests;
  if (!requests || !token) return undefined;
  const index = requests.findIndex((request) => request.url === url && request.token === token);
  if (index < 0) return undefined;
  const [request] = requests.splice(index, 1);
  return request && Date.now() - request.startedAt <= EARLY_RESPONSE_TTL_MS ? request.response : undefined;
}

let seedTaken = false;

/**
 * The number the browse banner is picked with: the first time, the one the inline script drew
 * the banner's poster with, so the banner React draws is the same one; a new one after.
 */
export function takeBannerSeed(): number {
  const seed = seedTaken ? undefined : readHandoff(window)?.bannerSeed;
  seedTaken = true;
  return seed ?? Math.random();
}

/**
 * What the script inline in index.html (inline-script.ts, decision 0051) hands to the web app: the
 * requests it started for the page before any bundle arrived, and the random number it picked
 * the browse banner with. Kept on `window` under one name, as the two are built apart.
 */
export const HANDOFF_KEY = '__reeltimeFirstLoad';

export interface EarlyRequest {
  /** The request's address as the web app's API client builds it (`/api/v1/…`). */
  url: string;
  /** The session token it was sent with: a response is only used for the same session. */
  token: string;
  response: Promise<Response>;
  /** Date.now() when it was sent. */
  startedAt: number;
}

export interface FirstLoadHandoff {
  requests: EarlyRequest[];
  /** In [0, 1): which banner the browse page shows, `Math.floor(seed * banners.length)`. */
  bannerSeed: number;
  /**
   * Settles once the first view has been drawn: painted, with the image the early answer brought
   * (if any) loaded or failed; at the latest FIRST_VIEW_WAIT_MS after the script ran. The web
   * app starts then (boot.ts), so it takes over a finished first view.
   */
  ready: Promise<void>;
}

/** The longest the web app's start waits for the first view to be drawn. */
export const FIRST_VIEW_WAIT_MS = 1000;

/** The banner the browse page shows for `seed`: the same for the inline script and hero-banner.tsx. */
export function pickBanner<T>(banners: readonly T[], seed: number): T | undefined {
  return banners[Math.floor(seed * banners.length)] ?? banners[0];
}

type WithHandoff = { [HANDOFF_KEY]?: FirstLoadHandoff };

export function readHandoff(scope: object): FirstLoadHandoff | undefined {
  return (scope as WithHandoff)[HANDOFF_KEY];
}

export function writeHandoff(scope: object, handoff: FirstLoadHandoff): void {
  (scope as WithHandoff)[HANDOFF_KEY] = handoff;
}

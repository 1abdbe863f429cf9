/**
 * When the member pressed a link to the watch view, so that a play's start time is measured from
 * the press (as the member lived it) rather than from when the player appeared.
 */

/** A press older than this did not lead to the play being measured (the member went elsewhere). */
const PRESS_MAX_AGE_MS = 15_000;

/** How long after a press on Play the page counts as on its way to the watch view. */
const LEAVING_MS = 1000;

let lastPress: { titleId: number; episodeId: number | null; at: number } | null = null;

/** Notes a press on Play for a title (and episode), at `at` (`performance.now()`). */
export function notePlayPress(titleId: number, episodeId: number | null, at = performance.now()): void {
  lastPress = { titleId, episodeId, at };
}

/**
 * The moment Play was pressed for this title, once: a recent press for the same title (an episode
 * press also matches the title's first episode chosen by the watch view), else null.
 */
export function takePlayPress(
  titleId: number,
  episodeId: number | null,
  now = performance.now(),
): number | null {
  const press = lastPress;
  if (!press || press.titleId !== titleId || now - press.at > PRESS_MAX_AGE_MS) return null;
  if (press.episodeId !== null && episodeId !== null && press.episodeId !== episodeId) return null;
  lastPress = null;
  return press.at;
}

/**
 * Whether Play was pressed within the last second and the watch view has not opened yet: the page
 * is about to give way to it, so drawing more of it can wait (a click can be followed by scroll
 * events, e.g. a trackpad's glide or the link being scrolled into view).
 */
export function playIsStarting(now = performance.now()): boolean {
  return lastPress !== null && now - lastPress.at <= LEAVING_MS;
}

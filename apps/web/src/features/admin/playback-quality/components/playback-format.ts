/** Figures as the Playback section prints them. */

/** Milliseconds as seconds with one decimal (`1.4 s`); a dash when there is no figure. */
export const formatSeconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);

/** A share from 0 to 1 as a percentage (`2.5%`); a dash when there is no figure. */
export const formatShare = (share: number | null) =>
  share === null ? '—' : `${(share * 100).toFixed(share > 0 && share < 0.001 ? 2 : 1)}%`;

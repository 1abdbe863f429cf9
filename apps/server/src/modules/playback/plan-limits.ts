import type { MemberPlan } from '../billing/entitlement.service';

/**
 * What a member may watch and on how many screens at once, from their plan and whether the title
 * is free (docs/decisions/0012-plan-limits-in-playback.md).
 */

/** Free titles play up to 720p for members without a plan. */
export const FREE_TITLE_MAX_HEIGHT = 720;
/** Free titles play on one screen at a time for members without a plan. */
export const FREE_TITLE_SCREENS = 1;

export interface PlaybackLimits {
  /** Highest rendition height served. */
  maxHeight: number;
  /** Streams that may play at the same time. */
  screens: number;
}

/** The limits for one title, or null when the member may not watch it in full. */
export function playbackLimits(plan: MemberPlan | null, titleIsFree: boolean): PlaybackLimits | null {
  if (plan) {
    return titleIsFree
      ? {
          maxHeight: Math.max(plan.maxHeight, FREE_TITLE_MAX_HEIGHT),
          screens: Math.max(plan.screens, FREE_TITLE_SCREENS),
        }
      : { maxHeight: plan.maxHeight, screens: plan.screens };
  }
  return titleIsFree ? { maxHeight: FREE_TITLE_MAX_HEIGHT, screens: FREE_TITLE_SCREENS } : null;
}

import { randomBytes } from 'node:crypto';
import { ServerMessages, type PlaybackLease, type PlaybackLeaseBodySchema } from '@reeltime/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { Conflict, Forbidden, NotFound } from '../../lib/errors';
import { createEntitlementService } from '../billing/entitlement.service';
import { createTitlesService } from '../catalog/titles.service';
import type { RatingFilter } from '../titles/rating-filter';
import { createPlaybackLeaseRepository } from './playback-lease.repository';
import { playbackLimits } from './plan-limits';

/** A lease not renewed for this long frees its screen (a player that vanished without saying so). */
export const LEASE_SECONDS = 90;
/** Players renew this often, so two renewals can fail before the lease runs out. */
export const RENEW_SECONDS = 30;

export const PlaybackLeaseMessages = {
  started: 'Enjoy watching.',
  ended: 'Playback stopped.',
  needsPlan: 'Choose a plan to watch this title.',
  tooManyScreens: (screens: number, hasPlan: boolean) => {
    const limit = `${screens} ${screens === 1 ? 'screen' : 'screens'} at a time`;
    const allowance = hasPlan ? `Your plan allows ${limit}.` : `Free titles play on ${limit} without a plan.`;
    return `${allowance} Stop playing on another screen to watch here.`;
  },
} as const;

export type PlaybackLeaseInput = z.output<typeof PlaybackLeaseBodySchema>;

const lease = (leaseId: string): PlaybackLease => ({
  lease_id: leaseId,
  expires_in_seconds: LEASE_SECONDS,
  renew_in_seconds: RENEW_SECONDS,
});

/** Simultaneous screens: a member holds at most as many live leases as their plan has screens. */
export function createPlaybackLeaseService(ctx: AppContext) {
  const titles = createTitlesService(ctx);
  const entitlement = createEntitlementService(ctx);

  return {
    /**
     * Renews the member's live lease, or starts one when a screen is free. A title the reader
     * cannot see (rated above the filter included) is NotFound.
     */
    async startOrRenew(
      userId: number,
      input: PlaybackLeaseInput,
      rating: RatingFilter,
    ): Promise<PlaybackLease> {
      const titleId = input.entertainment_id;
      const isFree = await titles.isFree(titleId, rating);
      if (isFree === undefined) throw new NotFound(ServerMessages.titleNotFound);
      if (input.episode_id !== undefined && !(await titles.isEpisodeOf(input.episode_id, titleId))) {
        throw new NotFound(ServerMessages.episodeNotFound);
      }
      const plan = await entitlement.currentPlan(userId);
      const limits = playbackLimits(plan, isFree);
      if (!limits) throw new Forbidden(PlaybackLeaseMessages.needsPlan);

      const target = { userId, titleId, episodeId: input.episode_id ?? null };
      const now = Date.now();
      const expiresAt = now + LEASE_SECONDS * 1000;
      return ctx.db.transaction().execute(async (trx) => {
        const repo = createPlaybackLeaseRepository(trx, ctx.dialect);
        await repo.lockMember(userId);
        if (input.lease_id && (await repo.renew(input.lease_id, target, now, expiresAt))) {
          return lease(input.lease_id);
        }
        await repo.deleteExpired(userId, now);
        if ((await repo.countLive(userId, now)) >= limits.screens) {
          throw new Conflict(PlaybackLeaseMessages.tooManyScreens(limits.screens, plan !== null));
        }
        const token = randomBytes(24).toString('base64url');
        await repo.insert(token, target, now, expiresAt);
        return lease(token);
      });
    },

    /** Frees the screen of one of the member's leases; a lease already gone is not an error. */
    async end(userId: number, leaseId: string): Promise<void> {
      await createPlaybackLeaseRepository(ctx.db, ctx.dialect).delete(userId, leaseId);
    },
  };
}

import {
  PlaybackEndpoints,
  type Envelope,
  type ErrorEnvelope,
  type PlaybackLease,
  type PlaybackLeaseBody,
} from '@reeltime/contract';
import { buildUrl, endSession } from './api-client';
import { getToken } from './session';

/** What a player plays, as the lease endpoint names it. */
export interface LeaseTarget {
  titleId: number;
  episodeId: number | null;
}

export type LeaseAnswer =
  | { kind: 'granted'; lease: PlaybackLease }
  /** The server said no (too many screens, no plan): playback must stop with its message. */
  | { kind: 'refused'; message: string }
  /** No answer, or one that says nothing about the limit: playback goes on and asks again later. */
  | { kind: 'unavailable' };

/** A paused player keeps its screen this long, then gives it up. */
export const LONG_PAUSE_MS = 5 * 60_000;
/** A player that goes away leaves its lease this long for the next player on the page. */
export const HANDOVER_MS = 1500;

/**
 * The lease of the player that went away last, kept for a moment: the next episode's player
 * carries on with it, so moving on never needs a second screen (on a one-screen plan a fresh
 * lease could reach the server before the release of the old one).
 */
let handedOver: {
  leaseId: string;
  timer: ReturnType<typeof setTimeout>;
  stopWatching: () => void;
} | null = null;

function handOver(leaseId: string, release: typeof releaseLease): void {
  takeOver(release);
  // Leaving the site before the next player takes it (or the timer runs) must not keep the screen.
  const onPageHide = () => takeOver(release, true);
  window.addEventListener('pagehide', onPageHide);
  handedOver = {
    leaseId,
    timer: setTimeout(() => {
      takeOver(release);
    }, HANDOVER_MS),
    stopWatching: () => window.removeEventListener('pagehide', onPageHide),
  };
}

/** The lease left by the last player, or null; with `release`, it is given up instead. */
function takeOver(release?: typeof releaseLease, keepalive = false): string | null {
  if (!handedOver) return null;
  clearTimeout(handedOver.timer);
  handedOver.stopWatching();
  const { leaseId } = handedOver;
  handedOver = null;
  if (!release) return leaseId;
  void release(leaseId, keepalive);
  return null;
}

async function post(path: string, body: object, keepalive: boolean): Promise<Response | null> {
  const token = getToken();
  if (!token) return null;
  try {
    // `fetch` directly so a release can outlive the page (keepalive on pagehide).
    return await fetch(buildUrl(path), {
      method: 'POST',
      keepalive,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
}

/** POST /user/playback-lease: starts a lease, or renews `leaseId`. */
export async function requestLease(target: LeaseTarget, leaseId: string | null): Promise<LeaseAnswer> {
  const body: PlaybackLeaseBody = {
    entertainment_id: target.titleId,
    ...(target.episodeId !== null ? { episode_id: target.episodeId } : {}),
    ...(leaseId ? { lease_id: leaseId } : {}),
  };
  const response = await post(PlaybackEndpoints.startLease.path, body, false);
  if (!response) return { kind: 'unavailable' };
  if (response.status === 401) {
    endSession();
    return { kind: 'unavailable' };
  }
  const payload = (await response.json().catch(() => null)) as Envelope<PlaybackLease> | ErrorEnvelope | null;
  if (response.ok && payload?.status === true) return { kind: 'granted', lease: payload.data };
  if ((response.status === 409 || response.status === 403) && payload?.status === false) {
    return { kind: 'refused', message: payload.message };
  }
  return { kind: 'unavailable' };
}

/** POST /user/playback-lease/end; failures are dropped, the lease then runs out on its own. */
export async function releaseLease(leaseId: string, keepalive = false): Promise<void> {
  await post(PlaybackEndpoints.endLease.path, { lease_id: leaseId }, keepalive);
}

export interface LeaseKeeperOptions {
  target: LeaseTarget;
  onRefused: (message: string) => void;
  request?: typeof requestLease;
  release?: typeof releaseLease;
  longPauseMs?: number;
}

/**
 * Holds a screen while a player plays: takes a lease on play, renews it as the server asks while
 * playing or briefly paused, gives it up after a long pause and when disposed. A refusal calls
 * `onRefused` with the server's message; the next play asks again.
 */
export function createLeaseKeeper({
  target,
  onRefused,
  request = requestLease,
  release = releaseLease,
  longPauseMs = LONG_PAUSE_MS,
}: LeaseKeeperOptions) {
  let leaseId: string | null = null;
  let renewTimer: ReturnType<typeof setTimeout> | undefined;
  let pauseTimer: ReturnType<typeof setTimeout> | undefined;
  let asking = false;
  let disposed = false;
  let playingNow = false;
  /** The page went away (pagehide): nothing is taken again until playback starts anew. */
  let left = false;
  /** Counts the times the screen was given up: an answer to an older request is out of date. */
  let givenUp = 0;

  const stopRenewing = () => clearTimeout(renewTimer);

  /** Takes the screen again when the page is still here and playing without one. */
  function resume() {
    if (!disposed && !left && playingNow && !leaseId) void ask();
  }

  async function ask(): Promise<void> {
    if (asking || disposed) return;
    asking = true;
    const round = givenUp;
    leaseId ??= takeOver();
    const answer = await request(target, leaseId);
    asking = false;
    if (disposed) {
      if (answer.kind === 'granted') void release(answer.lease.lease_id);
      return;
    }
    if (round !== givenUp) {
      // The screen was given up while this request was under way: give this lease up too.
      if (answer.kind === 'granted') void release(answer.lease.lease_id, true).then(resume);
      else resume();
      return;
    }
    stopRenewing();
    if (answer.kind === 'refused') {
      leaseId = null;
      clearTimeout(pauseTimer);
      onRefused(answer.message);
      return;
    }
    const renewInSeconds = answer.kind === 'granted' ? answer.lease.renew_in_seconds : 30;
    if (answer.kind === 'granted') leaseId = answer.lease.lease_id;
    renewTimer = setTimeout(() => void ask(), renewInSeconds * 1000);
  }

  function giveUp(keepalive: boolean): Promise<void> {
    givenUp++;
    stopRenewing();
    clearTimeout(pauseTimer);
    const released = leaseId ? release(leaseId, keepalive) : Promise.resolve();
    leaseId = null;
    return released;
  }

  return {
    /** Playback started or resumed. */
    playing() {
      playingNow = true;
      left = false;
      clearTimeout(pauseTimer);
      if (!leaseId) void ask();
    },
    /** Playback paused or ended: the screen is kept for a while, then given up. */
    paused() {
      playingNow = false;
      clearTimeout(pauseTimer);
      pauseTimer = setTimeout(() => void giveUp(false), longPauseMs);
    },
    /**
     * The page was hidden, perhaps for good: a closed browser or a phone's app switcher may never
     * say more. The screen is given back at once; when that is done and the page is still here
     * and playing (a background tab, picture-in-picture), it is taken again.
     */
    hidden() {
      takeOver(release, true);
      void giveUp(true).then(resume);
    },
    /** The page is going away (it may come back from the back-forward cache and play again). */
    leave() {
      left = true;
      void giveUp(true);
      takeOver(release, true);
    },
    /** The player is going away: its screen goes to the next player, or is given up shortly. */
    dispose() {
      stopRenewing();
      clearTimeout(pauseTimer);
      if (leaseId) handOver(leaseId, release);
      leaseId = null;
      disposed = true;
    },
  };
}

export type LeaseKeeper = ReturnType<typeof createLeaseKeeper>;

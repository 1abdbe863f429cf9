import { PIN_ATTEMPTS, PIN_LOCK_MINUTES } from '@reeltime/contract';
import { TooManyAttempts, Validation } from '../../lib/errors';
import { MINUTE_MS } from '../../lib/time';
import { verifyPassword } from '../users/passwords';

export const PIN_LOCK_MS = PIN_LOCK_MINUTES * MINUTE_MS;

/** A PIN as stored: its argon2id hash, the wrong tries in a row, and the lock they led to. */
export interface StoredPin {
  hash: string;
  failures: number;
  lockedUntil: number | null;
}

/** Where a PIN's tries are counted: a profile's PIN, or the account PIN. */
export interface PinTries {
  /** Counts one more wrong try; answers how many there are now in a row. */
  addFailure(): Promise<number>;
  /** Locks the PIN until then (its tries start again from none) and tells the account owner. */
  lock(until: number): Promise<void>;
  /** A right PIN: the wrong tries before it no longer count. */
  reset(): Promise<void>;
}

export interface PinWords {
  /** The field a missing or wrong PIN is reported on. */
  field: string;
  required: string;
  wrong: (triesLeft: number) => string;
  locked: (minutes: number) => string;
}

const lockedFor = (words: PinWords, ms: number) =>
  new TooManyAttempts(words.locked(Math.ceil(ms / MINUTE_MS)), Math.ceil(ms / 1000));

/**
 * Passes when `given` is the PIN. Otherwise a 422 on the PIN's field (missing or wrong; a wrong
 * one counts), and a 429 with Retry-After while it is locked: the {@link PIN_ATTEMPTS}th wrong try
 * in a row locks it for {@link PIN_LOCK_MINUTES} minutes.
 */
export async function checkPin(
  pin: StoredPin,
  given: string | undefined,
  tries: PinTries,
  words: PinWords,
): Promise<void> {
  const now = Date.now();
  if (pin.lockedUntil !== null && pin.lockedUntil > now) throw lockedFor(words, pin.lockedUntil - now);
  if (given === undefined || given === '') {
    throw new Validation(words.required, { [words.field]: [words.required] });
  }
  if (/^\d{4}$/.test(given) && (await verifyPassword(pin.hash, given))) {
    if (pin.failures > 0) await tries.reset();
    return;
  }
  const failures = await tries.addFailure();
  if (failures >= PIN_ATTEMPTS) {
    await tries.lock(now + PIN_LOCK_MS);
    throw lockedFor(words, PIN_LOCK_MS);
  }
  const message = words.wrong(PIN_ATTEMPTS - failures);
  throw new Validation(message, { [words.field]: [message] });
}

import { useEffect } from 'react';
import type { Household } from '@reeltime/contract';
import { setProfile, useProfile } from '../../../lib/session';
import { currentProfileOf } from '../api/household-api';

/**
 * Keeps the stored copy of the acting profile (the header's name and avatar, the kids layout)
 * true to what the server answered: after a sign-in, or an edit made here or on another device.
 * An account with one profile keeps naming the account in the header, as it always has.
 */
export function useStoredProfileSync(household: Household | undefined): void {
  const stored = useProfile();
  const current = household && household.profiles.length > 1 ? currentProfileOf(household) : undefined;
  useEffect(() => {
    if (!current) return;
    const same =
      stored?.id === current.id &&
      stored.name === current.name &&
      stored.avatar === current.avatar &&
      stored.avatar_image === current.avatar_image &&
      stored.is_kids === current.is_kids;
    if (!same) setProfile(current);
  }, [current, stored]);
}

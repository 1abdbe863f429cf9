import { useState } from 'react';
import type { HouseholdProfile } from '@reeltime/contract';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { useSelectProfile } from '../api/household-api';
import { PinDialog } from './pin-dialog';

/**
 * Choosing a profile to act as: at once, or through the PIN dialog for a profile with a PIN.
 * `onChosen` runs once its token is stored. Render `dialog` where the chooser is used.
 */
export function useProfileChooser(onChosen: (profile: HouseholdProfile) => void | Promise<void>) {
  const toast = useToast();
  const select = useSelectProfile();
  const [asking, setAsking] = useState<HouseholdProfile | null>(null);

  const chooseWith = async (profile: HouseholdProfile, pin?: string) => {
    const chosen = await select.mutateAsync({ id: profile.id, ...(pin ? { pin } : {}) });
    await onChosen(chosen.profile);
  };

  const choose = (profile: HouseholdProfile) => {
    if (select.isPending) return;
    if (profile.has_pin) {
      setAsking(profile);
      return;
    }
    chooseWith(profile).catch((error: unknown) => {
      toast.error(errorMessage(error, 'That profile could not be opened. Try again.'));
    });
  };

  const dialog = asking ? (
    <PinDialog
      title={`Enter ${asking.name}'s PIN`}
      description={`${asking.name}'s profile is locked with a PIN.`}
      submitLabel="Open profile"
      busyLabel="Checking..."
      onSubmit={async (pin) => {
        await chooseWith(asking, pin);
        setAsking(null);
      }}
      onClose={() => setAsking(null)}
    />
  ) : null;

  return { choose, dialog, choosing: select.isPending ? (select.variables?.id ?? null) : null };
}

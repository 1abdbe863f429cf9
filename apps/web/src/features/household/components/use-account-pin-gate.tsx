import { useRef, useState } from 'react';
import { isAccountPinError } from '../api/household-api';
import { PinDialog } from './pin-dialog';

/** The member closed the account PIN dialog: the change was not sent. */
export class AccountPinCancelled extends Error {
  override readonly name = 'AccountPinCancelled';
}

interface Pending {
  attempt: (pin: string) => Promise<void>;
  cancel: () => void;
}

/**
 * Runs changes to the household behind the account PIN, when the account has one: the PIN is
 * asked once (dialog), kept for the page's lifetime, sent with each change, and asked again when
 * the server refuses it. A refusal of the PIN (422 with tries left, 429 lock) is shown in the
 * dialog; any other error goes to the caller, since the server checks the PIN first.
 */
export function useAccountPinGate(required: boolean) {
  const known = useRef<string | undefined>(undefined);
  const [pending, setPending] = useState<Pending | null>(null);

  function askFor<T>(action: (pin: string | undefined) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      setPending({
        attempt: async (pin) => {
          try {
            const result = await action(pin);
            known.current = pin;
            setPending(null);
            resolve(result);
          } catch (error) {
            if (isAccountPinError(error)) throw error;
            known.current = pin;
            setPending(null);
            reject(error);
          }
        },
        cancel: () => {
          setPending(null);
          reject(new AccountPinCancelled());
        },
      });
    });
  }

  async function run<T>(action: (pin: string | undefined) => Promise<T>): Promise<T> {
    if (!required) return action(undefined);
    if (known.current === undefined) return askFor(action);
    try {
      return await action(known.current);
    } catch (error) {
      if (!isAccountPinError(error)) throw error;
      known.current = undefined;
      return askFor(action);
    }
  }

  const dialog = pending ? (
    <PinDialog
      title="Enter the account PIN"
      description="This account's profiles are guarded by the account PIN."
      label="Account PIN"
      submitLabel="Continue"
      busyLabel="Checking..."
      onSubmit={pending.attempt}
      onClose={pending.cancel}
    />
  ) : null;

  return { run, dialog };
}

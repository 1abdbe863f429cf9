import type { ComponentProps } from 'react';
import { FormField } from '../../../components/form-field';

type PinFieldProps = Omit<
  ComponentProps<typeof FormField>,
  'type' | 'inputMode' | 'pattern' | 'maxLength'
> & {
  /** `new-password` where a PIN is being set (so password managers offer none), `off` where one is asked for. */
  autoComplete: 'new-password' | 'off';
};

/** A 4-digit PIN: hidden like a password, with the numeric keypad on phones. */
export function PinField(props: PinFieldProps) {
  return <FormField type="password" inputMode="numeric" pattern="[0-9]*" maxLength={4} {...props} />;
}

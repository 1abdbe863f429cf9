import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordBodySchema, Messages } from '@reeltime/contract';
import { FormField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useChangePasswordMutation } from '../api/profile-api';

const EMPTY = { old_password: '', new_password: '', new_password_confirmation: '' };

export function ChangePasswordForm() {
  const toast = useToast();
  const change = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    trigger,
    getFieldState,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(ChangePasswordBodySchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  // A new password re-checks the confirmation only once the confirmation was visited: checking an
  // untouched one would show 'Confirm Password is required' that stays up while it is typed, then
  // vanishes on blur and moves the submit button away from the pointer.
  const recheckConfirmation = () => {
    if (getFieldState('new_password_confirmation').isTouched) void trigger('new_password_confirmation');
  };

  const busy = isSubmitting || change.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const envelope = await change.mutateAsync(values);
      reset(EMPTY);
      if (envelope.message) toast.success(envelope.message);
    } catch (error) {
      applyFieldErrors(error, setError, ['old_password', 'new_password', 'new_password_confirmation']);
      toast.error(errorMessage(error, Messages.passwordChangeFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="profile-form profile-form--narrow">
      <FormField
        label="Old password"
        type="password"
        autoComplete="current-password"
        registration={register('old_password')}
        error={errors.old_password?.message}
      />
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        registration={register('new_password', { onChange: recheckConfirmation })}
        error={errors.new_password?.message}
      />
      <FormField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        registration={register('new_password_confirmation')}
        error={errors.new_password_confirmation?.message}
      />
      <SubmitButton ready={isDirty && isValid} busy={busy} label="Change Password" busyLabel="Saving..." />
    </form>
  );
}

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordBodySchema, Messages } from '@reeltime/contract';
import { FormField } from '../../../components/form-field';
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
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(ChangePasswordBodySchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

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
        registration={register('new_password', { deps: ['new_password_confirmation'] })}
        error={errors.new_password?.message}
      />
      <FormField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        registration={register('new_password_confirmation')}
        error={errors.new_password_confirmation?.message}
      />
      <button type="submit" className="btn btn-primary btn-lg" disabled={!isDirty || !isValid || busy}>
        {busy ? 'Saving...' : 'Change Password'}
      </button>
    </form>
  );
}

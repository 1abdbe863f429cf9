import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Messages, ResetPasswordBodySchema } from '@reeltime/contract';
import { FormField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useResetPasswordMutation } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { paths } from '../../../lib/paths';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const reset = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    getFieldState,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(ResetPasswordBodySchema),
    mode: 'onTouched',
    defaultValues: { token, password: '', password_confirmation: '' },
  });

  // Re-check the confirmation on a new password only once it was visited (see ChangePasswordForm).
  const recheckConfirmation = () => {
    if (getFieldState('password_confirmation').isTouched) void trigger('password_confirmation');
  };

  const busy = isSubmitting || reset.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const envelope = await reset.mutateAsync(values);
      if (envelope.message) toast.success(envelope.message);
      await navigate(paths.login());
    } catch (error) {
      // A message shown beside its field is not repeated in a toast over the form.
      if (!applyFieldErrors(error, setError, ['password', 'password_confirmation']))
        toast.error(errorMessage(error, Messages.resetPasswordFailed));
    }
  });

  const footer = (
    <p>
      <Link to={paths.forgotPassword()}>Request a new link</Link> ·{' '}
      <Link to={paths.login()}>Back to Sign In</Link>
    </p>
  );

  if (!token) {
    return (
      <AuthCard title="Reset Password" footer={footer}>
        <p className="alert alert-danger" role="alert">
          {Messages.tokenRequired}. Please open the link from your email again.
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password" footer={footer}>
      <form onSubmit={onSubmit} noValidate>
        <input type="hidden" {...register('token')} />
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          registration={register('password', { onChange: recheckConfirmation })}
          error={errors.password?.message}
        />
        <FormField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          registration={register('password_confirmation')}
          error={errors.password_confirmation?.message ?? errors.token?.message}
        />
        <SubmitButton
          ready={isDirty && isValid}
          busy={busy}
          label="Reset Password"
          busyLabel="Saving..."
          block
        />
      </form>
    </AuthCard>
  );
}

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { ForgotPasswordBodySchema, Messages } from '@reeltime/contract';
import { FormField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useForgotPasswordMutation } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { paths } from '../../../lib/paths';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const forgot = useForgotPasswordMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(ForgotPasswordBodySchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const busy = isSubmitting || forgot.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const envelope = await forgot.mutateAsync(values);
      if (envelope.message) toast.success(envelope.message);
      await navigate(paths.landing());
    } catch (error) {
      // A message shown beside its field is not repeated in a toast over the form.
      if (!applyFieldErrors(error, setError, ['email']))
        toast.error(errorMessage(error, Messages.forgotPasswordFailed));
    }
  });

  return (
    <AuthCard
      title="Forgot Password"
      footer={
        <p>
          Remembered it? <Link to={paths.login()}>Back to Sign In</Link>
        </p>
      }
    >
      <p className="text-body-secondary">
        Enter the email of your account and we will send you a link to reset your password.
      </p>
      <form onSubmit={onSubmit} noValidate>
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <SubmitButton
          ready={isDirty && isValid}
          busy={busy}
          label="Send Reset Link"
          busyLabel="Sending..."
          block
        />
      </form>
    </AuthCard>
  );
}

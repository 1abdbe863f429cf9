import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { AdminSettingsMessages, Messages, RegisterBodySchema } from '@reeltime/contract';
import { FormField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { signupsOpen } from '../../../lib/env';
import { applyFieldErrors } from '../../../lib/form-errors';
import { returnPathFrom } from '../../../lib/return-path';
import { useRegisterMutation } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { paths } from '../../../lib/paths';

function emailFromState(state: unknown): string {
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string')
    return state.email;
  return '';
}

export function SignupPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const registration = useRegisterMutation();
  const [prefilledEmail] = useState(() => emailFromState(location.state));
  const [returnPath] = useState(() => returnPathFrom(location.search, location.state));
  // Closed in the console: known from the page's settings, or from a refused sign-up since.
  const [closed, setClosed] = useState(() => !signupsOpen());
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(RegisterBodySchema),
    mode: 'onTouched',
    defaultValues: { first_name: '', last_name: '', email: prefilledEmail, password: '' },
  });

  const busy = isSubmitting || registration.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await registration.mutateAsync(values);
      toast.success(Messages.signupSuccess);
      // The sign-in form then has the new account's email, and still knows where to go after.
      await navigate(paths.login(returnPath ?? undefined), { state: { email: values.email } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setClosed(true);
      // A message shown beside its field is not repeated in a toast over the form.
      if (!applyFieldErrors(error, setError, ['first_name', 'last_name', 'email', 'password']))
        toast.error(errorMessage(error, Messages.signupFailed));
    }
  });

  return (
    <AuthCard
      title="Sign Up"
      footer={
        <p>
          Already have an account? <Link to={paths.login(returnPath ?? undefined)}>Sign in now</Link>
        </p>
      }
    >
      {closed ? (
        <p className="alert alert-warning mb-0" role="status">
          {AdminSettingsMessages.signupsClosed}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <div className="row g-0 gap-sm-3 flex-column flex-sm-row">
            <FormField
              className="col"
              label="First name"
              autoComplete="given-name"
              registration={register('first_name')}
              error={errors.first_name?.message}
            />
            <FormField
              className="col"
              label="Last name"
              autoComplete="family-name"
              registration={register('last_name')}
              error={errors.last_name?.message}
            />
          </div>
          <FormField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            registration={register('email')}
            error={errors.email?.message}
          />
          <FormField
            label="Password"
            type="password"
            autoComplete="new-password"
            registration={register('password')}
            error={errors.password?.message}
          />
          <SubmitButton
            ready={isDirty && isValid}
            busy={busy}
            label="Sign Up"
            busyLabel="Signing Up..."
            block
            className="mt-2"
          />
        </form>
      )}
    </AuthCard>
  );
}

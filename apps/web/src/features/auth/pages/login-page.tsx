import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Messages, type LoginBody } from '@reeltime/contract';
import { FormField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { forgetFirstViewInput, typedInFirstView } from '../../../lib/first-view';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { applyFieldErrors } from '../../../lib/form-errors';
import { returnPathFrom } from '../../../lib/return-path';
import { readStorage, writeStorage } from '../../../lib/storage';
import { useLoginMutation } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { paths } from '../../../lib/paths';

/** zod and the schema load beside the drawn form, before the first field is left. */
const validation = lazyResolver<LoginBody>(() => import('./login-resolver').then((m) => m.loginResolver));

/** Remember me keeps the email for the next sign-in; the session itself always lives in storage. */
const REMEMBERED_EMAIL_KEY = 'remembered_email';

function emailFromState(state: unknown): string {
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string')
    return state.email;
  return '';
}

export function LoginPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const login = useLoginMutation();
  const location = useLocation();
  // Where the visitor was sent from (a title, a member page), if it is a page of this site.
  const [returnPath] = useState(() => returnPathFrom(location.search, location.state));
  const [rememberedEmail] = useState(() => readStorage(REMEMBERED_EMAIL_KEY) ?? '');
  // A sign-up that just succeeded hands over its email.
  const [initialEmail] = useState(() => emailFromState(location.state) || rememberedEmail);
  const [remember, setRemember] = useState(rememberedEmail !== '');
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm({
    resolver: validation.resolver,
    mode: 'onTouched',
    defaultValues: { email: initialEmail, password: '' },
  });

  useEffect(() => validation.preload(), []);

  // What was typed into the form the page's HTML drew before this code ran is kept.
  useEffect(() => {
    for (const name of ['email', 'password'] as const) {
      const typed = typedInFirstView(name);
      if (typed.value)
        setValue(name, typed.value, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
      if (typed.focused) setFocus(name);
    }
    forgetFirstViewInput();
  }, [setValue, setFocus]);

  const busy = isSubmitting || login.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const envelope = await login.mutateAsync(values);
      writeStorage(REMEMBERED_EMAIL_KEY, remember ? values.email : null);
      if (envelope.message) toast.success(envelope.message);
      // "Who's watching?" goes straight on to the page when the account has one profile.
      await navigate(paths.profiles(returnPath ?? undefined), { replace: returnPath !== null });
    } catch (error) {
      // A message shown beside its field is not repeated in a toast over the form.
      if (!applyFieldErrors(error, setError, ['email', 'password']))
        toast.error(errorMessage(error, Messages.loginFailed));
    }
  });

  return (
    <AuthCard
      title="Sign In"
      footer={
        <p>
          New here? <Link to={paths.signup(returnPath ?? undefined)}>Sign up now</Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate>
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
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
        />
        <div className="d-flex justify-content-between align-items-center flex-wrap gap-2 mb-4">
          <div className="form-check">
            <input
              id="remember-me"
              type="checkbox"
              className="form-check-input"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
            <label htmlFor="remember-me" className="form-check-label">
              Remember me
            </label>
          </div>
          <Link to={paths.forgotPassword()}>Forgot Password</Link>
        </div>
        <SubmitButton
          ready={isDirty && isValid}
          busy={busy}
          label="Sign In"
          busyLabel="Signing In..."
          block
        />
      </form>
    </AuthCard>
  );
}

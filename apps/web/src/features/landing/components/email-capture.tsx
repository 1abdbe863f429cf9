import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Messages } from '@reeltime/contract';
import { ChevronIcon } from '../../../components/icons';
import { looksLikeEmail } from '../../../lib/format';
import { paths } from '../../../lib/paths';

/** The landing sign-up prompt: the browser requires the field; a malformed address gets an alert. */
export function EmailCapture() {
  const navigate = useNavigate();
  const id = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!looksLikeEmail(email)) {
      setInvalid(true);
      return;
    }
    void navigate(paths.signup(), { state: { email: email.trim() } });
  };

  return (
    <form className="email-capture" onSubmit={onSubmit}>
      <p className="email-capture__lead">
        Ready to watch? Enter your email to create or restart your membership.
      </p>
      <div className="email-capture__row">
        <label htmlFor={`${id}-email`} className="visually-hidden">
          Email address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="Email address"
          className="form-control form-control-lg"
          value={email}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setInvalid(false);
          }}
        />
        <button type="submit" className="btn btn-primary btn-lg">
          Get Started <ChevronIcon />
        </button>
      </div>
      {invalid && (
        <p id={`${id}-error`} className="email-capture__error" role="alert">
          {Messages.landingEmailInvalid}
        </p>
      )}
    </form>
  );
}

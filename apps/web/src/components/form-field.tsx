import './form-field.scss';
import { useId, useState, type InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}

/** A labelled Bootstrap input whose error is announced and tied to it with aria-describedby. */
export function FormField({
  label,
  registration,
  error,
  type = 'text',
  className,
  ...inputProps
}: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [reveal, setReveal] = useState(false);
  const isPassword = type === 'password';

  return (
    <div className={`form-field mb-3${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div className={isPassword ? 'input-group has-validation' : undefined}>
        <input
          id={id}
          type={isPassword && reveal ? 'text' : type}
          className={`form-control${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...inputProps}
          {...registration}
        />
        {isPassword && (
          <button
            type="button"
            className="btn btn-outline-secondary password-toggle"
            onClick={() => setReveal((value) => !value)}
          >
            {reveal ? 'Hide' : 'Show'}
            <span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        )}
      </div>
      {error && (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

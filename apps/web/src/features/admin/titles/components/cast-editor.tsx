import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { peopleOptionsQuery } from '../api/titles-api';
import type { TitleFormValues } from './title-form-schema';

const SEARCH_DELAY_MS = 250;

interface CastEditorProps {
  control: Control<TitleFormValues>;
  register: UseFormRegister<TitleFormValues>;
  errors: FieldErrors<TitleFormValues>['cast'];
}

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Cast and crew in the order members see them: find people by name, give each a role, move or remove them. */
export function CastEditor({ control, register, errors }: CastEditorProps) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'cast' });
  const searchId = useId();
  const resultsId = useId();
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const people = useQuery({ ...peopleOptionsQuery(settled), enabled: settled.length > 0 });

  return (
    <fieldset className="admin-fieldset">
      <legend>Cast and crew</legend>
      {fields.length === 0 ? (
        <p className="text-secondary small">Nobody yet. Find people below to add them.</p>
      ) : null}
      <ol className="admin-cast-list">
        {fields.map((field, index) => {
          const error = errors?.[index]?.job_title?.message ?? errors?.[index]?.person_id?.message;
          const roleId = `${resultsId}-role-${index}`;
          return (
            <li key={field.id} className="admin-cast-list__item">
              <span className="admin-cast-list__name">{field.name}</span>
              <div className="admin-cast-list__role">
                <label htmlFor={roleId} className="visually-hidden">
                  Role of {field.name}
                </label>
                <input
                  id={roleId}
                  className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
                  placeholder="Actor, Director..."
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${roleId}-error` : undefined}
                  {...register(`cast.${index}.job_title`)}
                />
                {error ? (
                  <div id={`${roleId}-error`} className="invalid-feedback d-block" role="alert">
                    {error}
                  </div>
                ) : null}
              </div>
              <div className="btn-group btn-group-sm">
                <button
                  type="button"
                  className="btn btn-outline-light"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={`Move ${field.name} up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn-outline-light"
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={`Move ${field.name} down`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="btn btn-outline-danger"
                  onClick={() => remove(index)}
                  aria-label={`Remove ${field.name} (${field.job_title || 'no role'})`}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {typeof errors?.message === 'string' ? (
        <div className="invalid-feedback d-block" role="alert">
          {errors.message}
        </div>
      ) : null}
      <label htmlFor={searchId} className="form-label mt-2">
        Find a person to add
      </label>
      <input
        id={searchId}
        type="search"
        className="form-control form-control-sm"
        placeholder="Part of the name"
        value={search}
        maxLength={100}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        aria-controls={resultsId}
      />
      <ul id={resultsId} className="admin-people-results" aria-label="People found" aria-live="polite">
        {settled && people.data?.items.length === 0 ? (
          <li className="text-secondary small">Nobody by that name. Add them in People first.</li>
        ) : null}
        {settled && people.isError ? (
          <li className="text-danger small">People could not be searched.</li>
        ) : null}
        {settled
          ? people.data?.items.map((person) => (
              <li key={person.id}>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-light"
                  onClick={() => append({ person_id: person.id, name: person.name, job_title: 'Actor' })}
                >
                  Add {person.name}
                </button>
              </li>
            ))
          : null}
      </ul>
    </fieldset>
  );
}

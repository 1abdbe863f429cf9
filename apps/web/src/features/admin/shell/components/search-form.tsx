import { useEffect, useId, useState, type FormEvent } from 'react';

interface SearchFormProps {
  label: string;
  placeholder: string;
  /** The search in the URL; the box follows it when it changes (back button, a link). */
  value: string;
  onSearch: (value: string) => void;
}

/** A search box that applies on Enter or its button, and clears with its own button. */
export function SearchForm({ label, placeholder, value, onSearch }: SearchFormProps) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <form role="search" className="admin-search" onSubmit={submit}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div className="input-group input-group-sm">
        <input
          id={id}
          type="search"
          className="form-control"
          placeholder={placeholder}
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn-outline-light">
          Search
        </button>
        {value ? (
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            Clear
          </button>
        ) : null}
      </div>
    </form>
  );
}

import './search-box.scss';
import { useId, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Suggestion } from '@reeltime/contract';
import { CloseIcon, SearchIcon } from '../../../components/icons';
import { SUGGESTION_DEBOUNCE_MS, suggestionsQuery } from '../api/search-api';
import { useDebouncedValue } from './use-debounced-value';
import { paths } from '../../../lib/paths';

interface SearchBoxProps {
  /** In the navigation bar the icon opens and closes the box; on the search page it stays open. */
  collapsible?: boolean;
  initialText?: string;
}

/**
 * Search with suggestions (combobox with a listbox popup). Suggestions are fetched once the
 * trimmed text has been stable for 300 ms, and are suppressed after a choice (or Escape, or
 * leaving the box) until the user types again.
 */
export function SearchBox({ collapsible = false, initialText = '' }: SearchBoxProps) {
  const navigate = useNavigate();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const [open, setOpen] = useState(!collapsible);
  const [text, setText] = useState(initialText);
  const [suppressed, setSuppressed] = useState(initialText !== '');
  const [activeIndex, setActiveIndex] = useState(-1);

  const trimmed = text.trim();
  // Debounce the raw text, so any keystroke (even a space) restarts the 300 ms wait.
  const debounced = useDebouncedValue(text, SUGGESTION_DEBOUNCE_MS);
  const settled = debounced === text;
  const wanted = open && !suppressed && settled && trimmed.length >= 1;
  // While the user keeps typing, the last suggestions stay up instead of flickering away.
  const suggestions = useQuery({ ...suggestionsQuery(trimmed, wanted), placeholderData: keepPreviousData });
  const options: Suggestion[] = open && !suppressed && trimmed.length >= 1 ? (suggestions.data ?? []) : [];
  const expanded = options.length > 0;

  const go = (query: string) => {
    setSuppressed(true);
    setActiveIndex(-1);
    void navigate(paths.search(query));
  };

  const choose = (suggestion: Suggestion) => {
    setText(suggestion.name);
    go(suggestion.name);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const active = expanded && activeIndex >= 0 ? options[activeIndex] : undefined;
    if (active) {
      choose(active);
      return;
    }
    if (!trimmed) return;
    go(trimmed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && expanded) {
      event.preventDefault();
      setActiveIndex((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp' && expanded) {
      event.preventDefault();
      setActiveIndex((index) => (index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setSuppressed(true);
        setActiveIndex(-1);
      } else if (collapsible) {
        toggle();
      }
    }
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
      setSuppressed(true);
      setActiveIndex(-1);
    }
  };

  const clear = () => {
    setText('');
    setSuppressed(false);
    setActiveIndex(-1);
    void navigate(paths.search());
  };

  function toggle() {
    setOpen((value) => !value);
    setText('');
    setSuppressed(false);
    setActiveIndex(-1);
  }

  const activeId = expanded && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined;

  return (
    <div className={`search-box${collapsible ? ' search-box--collapsible' : ''}${open ? ' is-open' : ''}`}>
      {collapsible && (
        <button
          type="button"
          className="icon-button search-box__toggle"
          aria-label={open ? 'Close search' : 'Open search'}
          aria-expanded={open}
          aria-controls={open ? inputId : undefined}
          onClick={toggle}
        >
          {open ? <CloseIcon /> : <SearchIcon />}
        </button>
      )}
      {open && (
        <form role="search" className="search-box__form" onSubmit={onSubmit} onBlur={onBlur}>
          <label htmlFor={inputId} className="visually-hidden">
            Search movies and TV shows
          </label>
          {!collapsible && <SearchIcon className="search-box__icon" />}
          <input
            id={inputId}
            type="search"
            className="form-control search-box__input"
            placeholder="Titles, people, genres"
            autoComplete="off"
            spellCheck={false}
            autoFocus={collapsible}
            maxLength={100}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={activeId}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setSuppressed(false);
              setActiveIndex(-1);
            }}
            onKeyDown={onKeyDown}
          />
          {text !== '' && (
            <button type="button" className="search-box__clear" aria-label="Clear search" onClick={clear}>
              <CloseIcon size={16} />
            </button>
          )}
          <ul
            id={listId}
            role="listbox"
            aria-label="Suggestions"
            className="search-box__list"
            hidden={!expanded}
          >
            {options.map((option, index) => (
              <li
                key={option.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                className={`search-box__option${index === activeIndex ? ' is-active' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
              >
                {option.name}
              </li>
            ))}
          </ul>
        </form>
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../../../lib/api-client';
import { DataTable, type Column } from './data-table';
import { EmptyState } from './empty-state';
import { Pagination } from './pagination';

interface PagedListProps<Row, Key extends string | number> {
  /** Names the table (visually hidden) and its page navigation ("Members" → "Members pages"). */
  caption: string;
  columns: Column<Row>[];
  query: UseQueryResult<{ items: Row[]; total: number }>;
  rowKey: (row: Row) => Key;
  /** Said when the list could not be loaded and the server gave no reason. */
  loadError: string;
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  /** What the empty list says, with and without filters applied. */
  empty: { title: string; filteredTitle: string; filteredHint?: ReactNode };
  /** Set when filters are applied: the empty list then offers to clear them. */
  onClearFilters?: () => void;
  onRowOpen?: (row: Row) => void;
}

/**
 * A console list of one paged query: the table with its loading, error (with a retry) and empty
 * states, and the pages below it. Filters above it are the page's own.
 */
export function PagedList<Row, Key extends string | number>({
  caption,
  columns,
  query,
  rowKey,
  loadError,
  page,
  perPage,
  onPageChange,
  empty,
  onClearFilters,
  onRowOpen,
}: PagedListProps<Row, Key>) {
  const filtered = onClearFilters !== undefined;
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={query.data?.items}
        rowKey={rowKey}
        isLoading={query.isPending}
        error={
          query.isError
            ? { message: errorMessage(query.error, loadError), onRetry: () => void query.refetch() }
            : null
        }
        empty={
          <EmptyState
            title={filtered ? empty.filteredTitle : empty.title}
            hint={filtered ? empty.filteredHint : undefined}
            action={
              filtered ? (
                <button type="button" className="btn btn-sm btn-outline-light" onClick={onClearFilters}>
                  Clear the filters
                </button>
              ) : undefined
            }
          />
        }
        onRowOpen={onRowOpen}
      />
      {query.data ? (
        <Pagination
          page={page}
          perPage={perPage}
          total={query.data.total}
          onPageChange={onPageChange}
          label={`${caption} pages`}
        />
      ) : null}
    </>
  );
}

interface FilterSelectProps<Value extends string> {
  id: string;
  label: string;
  value: string;
  /** The first option, which applies no filter, such as "Any status". */
  anyLabel: string;
  options: readonly Value[];
  optionLabel?: (value: Value) => string;
  onChange: (value: string) => void;
}

/** One labelled select of a console list's filter bar. */
export function FilterSelect<Value extends string>({
  id,
  label,
  value,
  anyLabel,
  options,
  optionLabel = (option) => option,
  onChange,
}: FilterSelectProps<Value>) {
  return (
    <div>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

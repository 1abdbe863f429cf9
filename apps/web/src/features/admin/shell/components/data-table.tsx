import type { KeyboardEvent, ReactNode } from 'react';
import { EmptyState } from './empty-state';

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  key: string;
  direction: SortDirection;
}

export interface Column<Row> {
  /** Names the column; also the sort key when `sortable`. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  align?: 'start' | 'end';
  /** A CSS width such as `8rem`. */
  width?: string;
  /** The cells name their rows (`<th scope="row">`), as a table's first column usually does. */
  rowHeader?: boolean;
  /** A class for one row's cell, e.g. to mark a figure over its target. */
  cellClassName?: (row: Row) => string | undefined;
}

export interface RowSelection<Key> {
  selected: ReadonlySet<Key>;
  onChange: (selected: Set<Key>) => void;
  /** The accessible name of a row's checkbox, such as the title's name. */
  rowLabel: (key: Key) => string;
}

interface DataTableProps<Row, Key extends string | number> {
  /** Says what the table lists; visually hidden, read by screen readers. */
  caption: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => Key;
  isLoading?: boolean;
  /** A failure to load, with a retry. */
  error?: { message: string; onRetry?: () => void } | null;
  /** Shown when `rows` is empty; a plain "Nothing here yet." otherwise. */
  empty?: ReactNode;
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  selection?: RowSelection<Key>;
  /** Opens a row (Enter on a focused row, or a click); the row then takes focus with Tab. */
  onRowOpen?: (row: Row) => void;
  /** Tighter rows without hover, for tables of figures. */
  compact?: boolean;
  className?: string;
}

const SKELETON_ROWS = 5;

function nextSort(current: SortState | null | undefined, key: string): SortState {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

function ariaSort(sort: SortState | null | undefined, key: string) {
  if (sort?.key !== key) return 'none' as const;
  return sort.direction === 'asc' ? ('ascending' as const) : ('descending' as const);
}

/**
 * The console's table: sortable headers (buttons, with aria-sort), loading, empty and error
 * states, optional row checkboxes for bulk actions and rows that open with Enter.
 */
export function DataTable<Row, Key extends string | number>({
  caption,
  columns,
  rows,
  rowKey,
  isLoading = false,
  error,
  empty,
  sort,
  onSortChange,
  selection,
  onRowOpen,
  compact = false,
  className,
}: DataTableProps<Row, Key>) {
  const columnCount = columns.length + (selection ? 1 : 0);
  const keys = rows?.map(rowKey) ?? [];
  const selectedOnPage = selection ? keys.filter((key) => selection.selected.has(key)).length : 0;
  const allSelected = keys.length > 0 && selectedOnPage === keys.length;

  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const key of keys) {
      if (allSelected) next.delete(key);
      else next.add(key);
    }
    selection.onChange(next);
  };

  const toggleOne = (key: Key) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: Row) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onRowOpen?.(row);
  };

  let body: ReactNode;
  if (error) {
    body = (
      <tr>
        <td colSpan={columnCount}>
          <div className="admin-table__error" role="alert">
            <span>{error.message}</span>
            {error.onRetry ? (
              <button type="button" className="btn btn-sm btn-outline-light" onClick={error.onRetry}>
                Try again
              </button>
            ) : null}
          </div>
        </td>
      </tr>
    );
  } else if (isLoading || !rows) {
    body = Array.from({ length: SKELETON_ROWS }, (_, index) => (
      <tr key={index} className="admin-table__skeleton" aria-hidden="true">
        {Array.from({ length: columnCount }, (_, cell) => (
          <td key={cell}>
            <span className="admin-table__bone" />
          </td>
        ))}
      </tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount}>{empty ?? <EmptyState title="Nothing here yet." />}</td>
      </tr>
    );
  } else {
    body = rows.map((row) => {
      const key = rowKey(row);
      const selected = selection?.selected.has(key) ?? false;
      return (
        <tr
          key={key}
          className={[selected ? 'table-active' : '', onRowOpen ? 'admin-table__row--open' : '']
            .filter(Boolean)
            .join(' ')}
          tabIndex={onRowOpen ? 0 : undefined}
          onKeyDown={onRowOpen ? (event) => onRowKeyDown(event, row) : undefined}
          onClick={
            onRowOpen
              ? (event) => {
                  if (!(event.target as HTMLElement).closest('a, button, input, select, label'))
                    onRowOpen(row);
                }
              : undefined
          }
        >
          {selection ? (
            <td className="admin-table__select">
              <input
                type="checkbox"
                className="form-check-input"
                checked={selected}
                onChange={() => toggleOne(key)}
                aria-label={`Select ${selection.rowLabel(key)}`}
              />
            </td>
          ) : null}
          {columns.map((column) => {
            const Cell = column.rowHeader ? 'th' : 'td';
            const classes = [column.align === 'end' ? 'text-end' : '', column.cellClassName?.(row) ?? '']
              .filter(Boolean)
              .join(' ');
            return (
              <Cell
                key={column.key}
                scope={column.rowHeader ? 'row' : undefined}
                className={classes || undefined}
              >
                {column.cell(row)}
              </Cell>
            );
          })}
        </tr>
      );
    });
  }

  return (
    <div className={['admin-table table-responsive', className].filter(Boolean).join(' ')}>
      <table
        className={`table table-dark align-middle mb-0 ${compact ? 'table-sm' : 'table-hover'}`}
        aria-busy={isLoading}
      >
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selection ? (
              <th scope="col" className="admin-table__select">
                <input
                  type="checkbox"
                  className="form-check-input"
                  checked={allSelected}
                  ref={(input) => {
                    if (input) input.indeterminate = selectedOnPage > 0 && !allSelected;
                  }}
                  onChange={toggleAll}
                  disabled={keys.length === 0}
                  aria-label="Select every row on this page"
                />
              </th>
            ) : null}
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                style={column.width ? { width: column.width } : undefined}
                className={column.align === 'end' ? 'text-end' : undefined}
                aria-sort={column.sortable && onSortChange ? ariaSort(sort, column.key) : undefined}
              >
                {column.sortable && onSortChange ? (
                  <button
                    type="button"
                    className="admin-table__sort"
                    onClick={() => onSortChange(nextSort(sort, column.key))}
                  >
                    {column.header}
                    <span className="admin-table__sort-icon" aria-hidden="true">
                      {sort?.key === column.key ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}

/** Reads a sort such as `name` or `-created_at` (descending) from the URL. */
export function parseSort(value: string): SortState | null {
  if (!value) return null;
  return value.startsWith('-')
    ? { key: value.slice(1), direction: 'desc' }
    : { key: value, direction: 'asc' };
}

/** Writes a sort for the URL: `name` or `-created_at`. */
export function formatSort(sort: SortState): string {
  return sort.direction === 'desc' ? `-${sort.key}` : sort.key;
}

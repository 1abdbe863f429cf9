import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../../../testing/render';
import { ConfirmAction } from './confirm-action';
import { DataTable, formatSort, parseSort, type Column, type SortState } from './data-table';
import { pageWindow, Pagination } from './pagination';
import { StatusBadge } from './status-badge';
import { pageNumber, useUrlState } from './use-url-state';

interface Row {
  id: number;
  name: string;
}
const columns: Column<Row>[] = [
  { key: 'id', header: 'Id', cell: (row) => row.id },
  { key: 'name', header: 'Name', cell: (row) => row.name, sortable: true },
];
const rows: Row[] = [
  { id: 1, name: 'Alpha' },
  { id: 2, name: 'Beta' },
];

function SelectableTable({ onOpen }: { onOpen: (row: Row) => void }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [sort, setSort] = useState<SortState | null>(null);
  return (
    <>
      <DataTable
        caption="Things"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        sort={sort}
        onSortChange={setSort}
        selection={{ selected, onChange: setSelected, rowLabel: (id) => `thing ${id}` }}
        onRowOpen={onOpen}
      />
      <output data-testid="selected">{[...selected].join(',')}</output>
    </>
  );
}

describe('DataTable', () => {
  it('sorts by a header button, selects rows and opens a row with Enter', async () => {
    const onOpen = vi.fn();
    renderWithRouter(<SelectableTable onOpen={onOpen} />);
    const user = userEvent.setup();
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await user.click(within(nameHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(nameHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('checkbox', { name: 'Select thing 2' }));
    expect(screen.getByTestId('selected')).toHaveTextContent('2');
    await user.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByTestId('selected')).toHaveTextContent('2,1');

    const firstRow = screen.getByText('Alpha').closest('tr')!;
    firstRow.focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(rows[0]);
  });

  it('names rows by their header cells and marks single cells', () => {
    renderWithRouter(
      <DataTable
        caption="Figures"
        compact
        columns={[
          { key: 'name', header: 'Name', rowHeader: true, cell: (row: Row) => row.name },
          {
            key: 'id',
            header: 'Id',
            align: 'end',
            cell: (row: Row) => row.id,
            cellClassName: (row: Row) => (row.id > 1 ? 'is-over' : undefined),
          },
        ]}
        rows={rows}
        rowKey={(row) => row.id}
      />,
    );
    const header = screen.getByRole('rowheader', { name: 'Alpha' });
    expect(header.tagName).toBe('TH');
    const cells = screen.getAllByRole('cell');
    expect(cells.map((cell) => cell.className)).toEqual(['text-end', 'text-end is-over']);
  });

  it('shows loading, empty and error states', async () => {
    const onRetry = vi.fn();
    const { rerender } = renderWithRouter(
      <DataTable caption="Things" columns={columns} rows={undefined} rowKey={(row) => row.id} isLoading />,
    );
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    rerender(<DataTable caption="Things" columns={columns} rows={[]} rowKey={(row) => row.id} />);
    expect(screen.getByText('Nothing here yet.')).toBeInTheDocument();
    rerender(
      <DataTable
        caption="Things"
        columns={columns}
        rows={undefined}
        rowKey={(row) => row.id}
        error={{ message: 'Down.', onRetry }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Down.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('reads and writes a sort for the URL', () => {
    expect(parseSort('-created_at')).toEqual({ key: 'created_at', direction: 'desc' });
    expect(parseSort('')).toBeNull();
    expect(formatSort({ key: 'name', direction: 'asc' })).toBe('name');
  });
});

describe('Pagination', () => {
  it('offers the first, the last and the pages around the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('says what is shown and moves between pages', async () => {
    const onPageChange = vi.fn();
    renderWithRouter(<Pagination page={2} perPage={25} total={60} onPageChange={onPageChange} />);
    expect(screen.getByText('Showing 26–50 of 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});

function UrlStateProbe() {
  const { values, set, reset } = useUrlState({ page: '', q: '', sort: '-created_at' });
  return (
    <>
      <output data-testid="values">{JSON.stringify(values)}</output>
      <button type="button" onClick={() => set({ page: '3' })}>
        Page 3
      </button>
      <button type="button" onClick={() => set({ q: 'owl' })}>
        Search
      </button>
      <button type="button" onClick={() => set({ sort: '-created_at' })}>
        Default sort
      </button>
      <button type="button" onClick={reset}>
        Reset
      </button>
    </>
  );
}

describe('useUrlState', () => {
  it('keeps values in the URL, leaves defaults out and goes back to page 1 when a filter changes', async () => {
    renderWithRouter(<UrlStateProbe />, { path: '/list?sort=name&other=1' });
    const user = userEvent.setup();
    expect(screen.getByTestId('values')).toHaveTextContent('{"page":"","q":"","sort":"name"}');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/list?sort=name&other=1&page=3');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/list?sort=name&other=1&q=owl');
    await user.click(screen.getByRole('button', { name: 'Default sort' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/list?other=1&q=owl');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/list\?other=1$/);
  });

  it('reads a page number, falling back to 1', () => {
    expect(pageNumber('4')).toBe(4);
    expect(pageNumber('0')).toBe(1);
    expect(pageNumber('x')).toBe(1);
    expect(pageNumber(undefined)).toBe(1);
  });
});

describe('StatusBadge and ConfirmAction', () => {
  it('colours a state and asks before acting', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    renderWithRouter(
      <>
        <StatusBadge status="failed" />
        <ConfirmAction
          label="Delete"
          title="Delete “Owl”?"
          confirmLabel="Delete"
          busyLabel="Deleting…"
          onConfirm={onConfirm}
        >
          It cannot be undone.
        </ConfirmAction>
      </>,
    );
    expect(screen.getByText('Failed')).toHaveClass('admin-badge--danger');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete “Owl”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

import '../audit.scss';
import { useQuery } from '@tanstack/react-query';
import { AdminAuditMessages, type AuditEntry } from '@reeltime/contract';
import { errorMessage } from '../../../../lib/api-client';
import { AdminPageHeader } from '../../shell/components/admin-page-header';
import { DataTable, type Column } from '../../shell/components/data-table';
import { EmptyState } from '../../shell/components/empty-state';
import { Pagination } from '../../shell/components/pagination';
import { pageNumber, useUrlState } from '../../shell/components/use-url-state';
import { auditQuery } from '../api/audit-api';
import { AuditChanges } from '../components/audit-changes';
import { AuditFilters, type AuditFilterValues } from '../components/audit-filters';

const PER_PAGE = 25;
const DEFAULTS = { page: '', actor: '', action: '', entity_type: '', entity_id: '', from: '', to: '' };

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

const COLUMNS: Column<AuditEntry>[] = [
  {
    key: 'created_at',
    header: 'When',
    width: '11rem',
    cell: (entry) => (
      <time dateTime={entry.created_at} className="text-nowrap">
        {timeFormat.format(new Date(entry.created_at))}
      </time>
    ),
  },
  {
    key: 'actor',
    header: 'Actor',
    cell: (entry) => <span className="audit-actor">{entry.actor_email}</span>,
  },
  { key: 'action', header: 'Action', cell: (entry) => <code>{entry.action}</code> },
  {
    key: 'entity',
    header: 'Entity',
    cell: (entry) => (
      <span className="text-nowrap">
        {entry.entity_type}
        {entry.entity_id ? <span className="text-secondary"> #{entry.entity_id}</span> : null}
      </span>
    ),
  },
  { key: 'changes', header: 'Changes', cell: (entry) => <AuditChanges entry={entry} /> },
];

/** The console's Audit log section: every change made in the console, newest first, with filters in the URL. */
export function AuditPage() {
  const { values, set, reset } = useUrlState(DEFAULTS);
  const page = pageNumber(values.page);
  const { page: _page, ...filters } = values;
  const query = {
    page,
    per_page: PER_PAGE,
    ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')),
  };
  const audit = useQuery(auditQuery(query));
  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
      <AdminPageHeader
        title="Audit log"
        description="Every change made in the console: who, when, what, and the record before and after."
      />
      <AuditFilters
        key={JSON.stringify(filters)}
        values={filters}
        onApply={(next: AuditFilterValues) => set(next)}
        onClear={reset}
      />
      <DataTable
        caption="Audit log entries, newest first"
        columns={COLUMNS}
        rows={audit.data?.items}
        rowKey={(entry) => entry.id}
        isLoading={audit.isPending}
        error={
          audit.isError
            ? {
                message: errorMessage(audit.error, AdminAuditMessages.auditFailed),
                onRetry: () => void audit.refetch(),
              }
            : null
        }
        empty={
          filtered ? (
            <EmptyState
              title="No entries match these filters."
              action={
                <button type="button" className="btn btn-outline-light btn-sm" onClick={reset}>
                  Clear filters
                </button>
              }
            />
          ) : (
            <EmptyState
              title="Nothing has been changed in the console yet."
              hint="Every save made here is recorded."
            />
          )
        }
      />
      {audit.data ? (
        <Pagination
          page={page}
          perPage={PER_PAGE}
          total={audit.data.total}
          label="Audit log pages"
          onPageChange={(next) => set({ page: String(next) })}
        />
      ) : null}
    </>
  );
}

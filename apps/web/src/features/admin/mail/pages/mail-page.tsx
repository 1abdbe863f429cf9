import '../mail.scss';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_MAIL_STATUSES, type AdminMailSummary, type MailStatus } from '@reeltime/contract';
import { AdminPageHeader } from '../../shell/components/admin-page-header';
import { type Column } from '../../shell/components/data-table';
import { FilterSelect, PagedList } from '../../shell/components/paged-list';
import { StatusBadge } from '../../shell/components/status-badge';
import { pageNumber, useUrlState } from '../../shell/components/use-url-state';
import { formatDateTime } from '../../shell/components/format-time';
import { SearchForm } from '../../shell/components/search-form';
import { mailQuery, useRetryMail } from '../api/mail-api';
import { MailMessageDialog } from '../components/mail-message-dialog';

const PER_PAGE = 25;
const STATUS_LABELS: Record<MailStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  stored: 'Stored (no mail server)',
};

/** The console's Mail section: the outbox, a message's content, and a second try for failed ones. */
export function MailPage() {
  const url = useUrlState({ status: '', search: '', page: '1' });
  const status = (ADMIN_MAIL_STATUSES as readonly string[]).includes(url.values.status)
    ? (url.values.status as MailStatus)
    : undefined;
  const page = pageNumber(url.values.page);
  const mail = useQuery(
    mailQuery({ search: url.values.search, ...(status ? { status } : {}), page, per_page: PER_PAGE }),
  );
  const [open, setOpen] = useState<number | null>(null);

  const retry = useRetryMail();

  const columns: Column<AdminMailSummary>[] = [
    {
      key: 'subject',
      header: 'Message',
      cell: (message) => (
        <div>
          <button
            type="button"
            className="btn btn-link p-0 text-start fw-semibold"
            onClick={() => setOpen(message.id)}
          >
            {message.subject}
          </button>
          <div className="text-secondary small">{message.to}</div>
        </div>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      width: '8rem',
      cell: (message) => <StatusBadge status={message.status} />,
    },
    {
      key: 'attempts',
      header: 'Attempts',
      width: '6rem',
      align: 'end',
      cell: (message) => message.attempts,
    },
    {
      key: 'last_error',
      header: 'Last error',
      cell: (message) =>
        message.last_error ? (
          <span className="text-danger small admin-error-text" title={message.last_error}>
            {message.last_error}
          </span>
        ) : (
          <span className="text-secondary">—</span>
        ),
    },
    {
      key: 'created_at',
      header: 'Queued',
      width: '11rem',
      cell: (message) => formatDateTime(message.created_at),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      width: '8rem',
      align: 'end',
      cell: (message) =>
        message.status === 'failed' ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-warning"
            disabled={retry.isPending && retry.variables === message.id}
            aria-label={`Send “${message.subject}” to ${message.to} again`}
            onClick={() => retry.mutate(message.id)}
          >
            Send again
          </button>
        ) : null,
    },
  ];

  const filtered = Boolean(url.values.search || status);
  return (
    <>
      <AdminPageHeader
        title="Mail"
        description="Every message the site sent or tried to send, newest first. A failed one can be sent again."
      />
      <div className="admin-filters">
        <SearchForm
          label="Search by recipient"
          placeholder="Email address"
          value={url.values.search}
          onSearch={(search) => url.set({ search })}
        />
        <FilterSelect
          id="mail-status"
          label="Status"
          value={status ?? ''}
          anyLabel="Any status"
          options={ADMIN_MAIL_STATUSES}
          optionLabel={(value) => STATUS_LABELS[value]}
          onChange={(value) => url.set({ status: value })}
        />
      </div>
      <PagedList
        caption="Outbox"
        columns={columns}
        query={mail}
        rowKey={(message) => message.id}
        loadError="The outbox could not be loaded."
        page={page}
        perPage={PER_PAGE}
        onPageChange={(next) => url.set({ page: String(next) })}
        empty={{ title: 'No mail yet.', filteredTitle: 'No message matches.' }}
        onClearFilters={filtered ? url.reset : undefined}
      />
      {open !== null ? (
        <MailMessageDialog
          id={open}
          onClose={() => setOpen(null)}
          onRetry={(id) => retry.mutate(id)}
          retrying={retry.isPending}
        />
      ) : null}
    </>
  );
}

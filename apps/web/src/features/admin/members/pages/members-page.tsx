import '../members.scss';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { MEMBER_STATUS_FILTERS, type AdminMemberSummary, type MemberStatusFilter } from '@reeltime/contract';
import { formatDate } from '../../../../lib/format';
import { AdminPageHeader } from '../../shell/components/admin-page-header';
import { type Column } from '../../shell/components/data-table';
import { FilterSelect, PagedList } from '../../shell/components/paged-list';
import { StatusBadge } from '../../shell/components/status-badge';
import { pageNumber, useUrlState } from '../../shell/components/use-url-state';
import { membersQuery } from '../api/members-api';
import { formatDateTime } from '../../shell/components/format-time';
import { SearchForm } from '../../shell/components/search-form';
import { paths } from '../../../../lib/paths';

const PER_PAGE = 25;
const STATUS_LABELS: Record<MemberStatusFilter, string> = {
  active: 'Active',
  disabled: 'Disabled',
  admin: 'Admins',
};

const columns: Column<AdminMemberSummary>[] = [
  {
    key: 'name',
    header: 'Member',
    cell: (member) => (
      <div>
        <Link to={paths.admin.member(member.id)} className="fw-semibold">
          {member.first_name} {member.last_name}
        </Link>
        <div className="text-secondary small">{member.email}</div>
      </div>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    width: '9rem',
    cell: (member) => (
      <span className="d-inline-flex gap-1">
        <StatusBadge status={member.status} />
        {member.is_admin ? <StatusBadge status="admin" tone="info" /> : null}
      </span>
    ),
  },
  {
    key: 'plan',
    header: 'Plan',
    cell: (member) =>
      member.plan ? (
        <span>
          {member.plan.name}
          <span className="text-secondary small d-block">
            {member.plan.status === 'cancelled' ? 'Ends' : 'Renews'} {formatDate(member.plan.end_date)}
          </span>
        </span>
      ) : (
        <span className="text-secondary">None</span>
      ),
  },
  {
    key: 'created_at',
    header: 'Joined',
    width: '11rem',
    cell: (member) => formatDateTime(member.created_at),
  },
];

/** The console's Members section: search by name or email, filter by status, open a member. */
export function MembersPage() {
  const navigate = useNavigate();
  const url = useUrlState({ search: '', status: '', page: '1' });
  const status = (MEMBER_STATUS_FILTERS as readonly string[]).includes(url.values.status)
    ? (url.values.status as MemberStatusFilter)
    : undefined;
  const page = pageNumber(url.values.page);
  const members = useQuery(
    membersQuery({ search: url.values.search, ...(status ? { status } : {}), page, per_page: PER_PAGE }),
  );
  const filtered = Boolean(url.values.search || status);

  return (
    <>
      <AdminPageHeader
        title="Members"
        description="Find an account by name or email; open it to see its plan, payments and viewing, or to disable it."
      />
      <div className="admin-filters">
        <SearchForm
          label="Search members"
          placeholder="Name or email"
          value={url.values.search}
          onSearch={(search) => url.set({ search })}
        />
        <FilterSelect
          id="members-status"
          label="Status"
          value={status ?? ''}
          anyLabel="Everyone"
          options={MEMBER_STATUS_FILTERS}
          optionLabel={(value) => STATUS_LABELS[value]}
          onChange={(value) => url.set({ status: value })}
        />
      </div>
      <PagedList
        caption="Members"
        columns={columns}
        query={members}
        rowKey={(member) => member.id}
        loadError="The members could not be loaded."
        page={page}
        perPage={PER_PAGE}
        onPageChange={(next) => url.set({ page: String(next) })}
        empty={{
          title: 'No members yet.',
          filteredTitle: 'No member matches.',
          filteredHint: 'Try part of the name or of the email address.',
        }}
        onClearFilters={filtered ? url.reset : undefined}
        onRowOpen={(member) => void navigate(paths.admin.member(member.id))}
      />
    </>
  );
}

import '../library.scss';
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminPerson } from '@reeltime/contract';
import { errorMessage } from '../../../../lib/api-client';
import { AdminPageHeader } from '../../shell/components/admin-page-header';
import { ConfirmAction } from '../../shell/components/confirm-action';
import { DataTable, type Column } from '../../shell/components/data-table';
import { EmptyState } from '../../shell/components/empty-state';
import { Pagination } from '../../shell/components/pagination';
import { pageNumber, useUrlState } from '../../shell/components/use-url-state';
import { peopleQuery } from '../api/library-api';
import { useDeletePerson, useSavePerson } from '../api/people-mutations';
import { PersonAvatar } from '../components/person-avatar';
import { PersonDialog } from '../components/person-dialog';

const PER_PAGE = 25;

/** The console's People section: the cast and crew titles draw on, with photos and private addresses. */
export function PeoplePage() {
  const url = useUrlState({ search: '', page: '1' });
  const page = pageNumber(url.values.page);
  const people = useQuery(peopleQuery({ search: url.values.search, page, per_page: PER_PAGE }));
  const [editing, setEditing] = useState<AdminPerson | 'new' | null>(null);
  const [searchText, setSearchText] = useState(url.values.search);

  const save = useSavePerson({
    successMessage: (person, { id }) => (id === null ? `${person.name} added.` : `${person.name} saved.`),
    onSuccess: () => setEditing(null),
  });
  const remove = useDeletePerson({ successMessage: (_result, person) => `${person.name} deleted.` });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    url.set({ search: searchText.trim() });
  };

  const columns: Column<AdminPerson>[] = [
    {
      key: 'name',
      header: 'Name',
      width: '34%',
      cell: (person) => (
        <span className="d-inline-flex align-items-center gap-2">
          <PersonAvatar name={person.name} url={person.profile_image} />
          <span className="fw-semibold">{person.name}</span>
        </span>
      ),
    },
    {
      key: 'email',
      header: 'Email (private)',
      cell: (person) => person.email ?? <span className="text-secondary">None</span>,
    },
    {
      key: 'titles',
      header: 'Cast in',
      width: '8rem',
      cell: (person) => `${person.title_count} ${person.title_count === 1 ? 'title' : 'titles'}`,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      width: '10rem',
      cell: (person) => (
        <div className="d-inline-flex gap-2">
          <button
            type="button"
            className="btn btn-sm btn-outline-light"
            aria-label={`Edit ${person.name}`}
            onClick={() => setEditing(person)}
          >
            Edit
          </button>
          <ConfirmAction
            label="Delete"
            ariaLabel={`Delete ${person.name}`}
            title={`Delete ${person.name}?`}
            confirmLabel="Delete person"
            busyLabel="Deleting…"
            disabled={person.title_count > 0}
            onConfirm={() => remove.mutateAsync(person)}
          >
            Their photo and address are deleted too.
          </ConfirmAction>
        </div>
      ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="People"
        description="Cast and crew. A person in the cast of a title cannot be deleted until they are removed from it."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            New person
          </button>
        }
      />
      <form className="admin-filters" role="search" onSubmit={onSearch}>
        <div>
          <label htmlFor="people-search" className="form-label">
            Search people
          </label>
          <input
            id="people-search"
            type="search"
            className="form-control form-control-sm"
            placeholder="Name or email"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-sm btn-outline-light">
          Search
        </button>
      </form>
      <DataTable
        caption="People"
        columns={columns}
        rows={people.data?.items}
        rowKey={(person) => person.id}
        isLoading={people.isPending}
        error={
          people.isError
            ? {
                message: errorMessage(people.error, 'The people could not be loaded.'),
                onRetry: () => void people.refetch(),
              }
            : null
        }
        empty={
          <EmptyState
            title={url.values.search ? 'Nobody matches.' : 'No people yet.'}
            hint={url.values.search ? 'Try part of the name or of the address.' : 'Add the first person.'}
            action={
              url.values.search ? (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-light"
                  onClick={() => {
                    setSearchText('');
                    url.reset();
                  }}
                >
                  Clear the search
                </button>
              ) : undefined
            }
          />
        }
      />
      {people.data ? (
        <Pagination
          page={page}
          perPage={PER_PAGE}
          total={people.data.total}
          onPageChange={(next) => url.set({ page: String(next) })}
          label="People pages"
        />
      ) : null}
      {editing ? (
        <PersonDialog
          person={editing === 'new' ? null : editing}
          onSave={(form) => save.mutateAsync({ id: editing === 'new' ? null : editing.id, form })}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

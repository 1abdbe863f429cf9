import '../library.scss';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminGenre } from '@reeltime/contract';
import { ModalDialog } from '../../../../components/modal-dialog';
import { errorMessage } from '../../../../lib/api-client';
import { AdminPageHeader } from '../../shell/components/admin-page-header';
import { ConfirmAction } from '../../shell/components/confirm-action';
import { DataTable, type Column } from '../../shell/components/data-table';
import { EmptyState } from '../../shell/components/empty-state';
import { useCreateGenre, useDeleteGenre, useRenameGenre } from '../api/genre-mutations';
import { genresQuery } from '../api/library-api';
import { GenreNameForm } from '../components/genre-name-form';

const titles = (count: number) => `${count} ${count === 1 ? 'title' : 'titles'}`;

/** The console's Genres section: add, rename and delete the genres members browse by. */
export function GenresPage() {
  const genres = useQuery(genresQuery());
  const [renaming, setRenaming] = useState<AdminGenre | null>(null);

  const create = useCreateGenre({ successMessage: (genre) => `Genre “${genre.name}” created.` });
  const rename = useRenameGenre({
    successMessage: (genre) => `Genre renamed to “${genre.name}”.`,
    onSuccess: () => setRenaming(null),
  });
  const remove = useDeleteGenre({ successMessage: (_result, genre) => `Genre “${genre.name}” deleted.` });

  const columns: Column<AdminGenre>[] = [
    { key: 'name', header: 'Name', cell: (genre) => <span className="fw-semibold">{genre.name}</span> },
    { key: 'titles', header: 'Used by', width: '9rem', cell: (genre) => titles(genre.title_count) },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      width: '14rem',
      cell: (genre) => (
        <div className="d-inline-flex gap-2">
          <button
            type="button"
            className="btn btn-sm btn-outline-light"
            aria-label={`Rename ${genre.name}`}
            onClick={() => setRenaming(genre)}
          >
            Rename
          </button>
          <ConfirmAction
            label="Delete"
            ariaLabel={`Delete ${genre.name}`}
            title={`Delete “${genre.name}”?`}
            confirmLabel="Delete genre"
            busyLabel="Deleting…"
            disabled={genre.title_count > 0}
            onConfirm={() => remove.mutateAsync(genre)}
          >
            Members will no longer be able to browse by this genre.
          </ConfirmAction>
        </div>
      ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Genres"
        description="Members browse by genre; the site lists them by name. A genre still used by a title cannot be deleted: remove it from those titles first."
      />
      <GenreNameForm
        label="New genre"
        submitLabel="Add genre"
        busyLabel="Adding…"
        resetAfterSave
        onSave={(name) => create.mutateAsync(name)}
      />
      <DataTable
        caption="Genres"
        columns={columns}
        rows={genres.data}
        rowKey={(genre) => genre.id}
        isLoading={genres.isPending}
        error={
          genres.isError
            ? {
                message: errorMessage(genres.error, 'The genres could not be loaded.'),
                onRetry: () => void genres.refetch(),
              }
            : null
        }
        empty={<EmptyState title="No genres yet." hint="Add the first one above." />}
      />
      {renaming ? (
        <ModalDialog
          title={`Rename “${renaming.name}”`}
          onClose={() => setRenaming(null)}
          busy={rename.isPending}
        >
          <div className="library-dialog-form">
            <GenreNameForm
              initialName={renaming.name}
              label="Name"
              submitLabel="Save"
              busyLabel="Saving…"
              onSave={(name) => rename.mutateAsync({ id: renaming.id, name })}
              onCancel={() => setRenaming(null)}
            />
          </div>
        </ModalDialog>
      ) : null}
    </>
  );
}

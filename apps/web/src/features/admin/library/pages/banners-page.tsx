import '../library.scss';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminBanner } from '@reeltime/contract';
import { errorMessage } from '../../../../lib/api-client';
import { AdminPageHeader } from '../../shell/components/admin-page-header';
import { ConfirmAction } from '../../shell/components/confirm-action';
import { DataTable, type Column } from '../../shell/components/data-table';
import { EmptyState } from '../../shell/components/empty-state';
import { StatusBadge } from '../../shell/components/status-badge';
import { useDeleteBanner, useReorderBanners, useSaveBanner } from '../api/banner-mutations';
import { bannersQuery } from '../api/library-api';
import { BannerDialog } from '../components/banner-dialog';

/** The ids in their new order after moving one a step up or down. */
function moved(banners: AdminBanner[], index: number, step: -1 | 1): number[] {
  const ids = banners.map((banner) => banner.id);
  const [id] = ids.splice(index, 1);
  ids.splice(index + step, 0, id!);
  return ids;
}

/** The console's Banners section: the browse page's hero, in the order members see it. */
export function BannersPage() {
  const banners = useQuery(bannersQuery());
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);

  const save = useSaveBanner({
    successMessage: (banner, { id }) =>
      id === null ? `Banner for “${banner.title_name}” created.` : `Banner for “${banner.title_name}” saved.`,
    onSuccess: () => setEditing(null),
  });
  const reorder = useReorderBanners({ successMessage: 'Banner order saved.' });
  const remove = useDeleteBanner({
    successMessage: (_result, banner) => `Banner for “${banner.title_name}” deleted.`,
  });

  const rows = banners.data ?? [];
  const columns: Column<AdminBanner>[] = [
    {
      key: 'order',
      header: 'Order',
      width: '8rem',
      cell: (banner) => {
        const index = rows.indexOf(banner);
        return (
          <div className="d-inline-flex gap-1 align-items-center">
            <span className="me-1">{index + 1}</span>
            <button
              type="button"
              className="btn btn-sm btn-outline-light"
              aria-label={`Move ${banner.title_name} up`}
              disabled={index === 0 || reorder.isPending}
              onClick={() => reorder.mutate(moved(rows, index, -1))}
            >
              ↑
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-light"
              aria-label={`Move ${banner.title_name} down`}
              disabled={index === rows.length - 1 || reorder.isPending}
              onClick={() => reorder.mutate(moved(rows, index, 1))}
            >
              ↓
            </button>
          </div>
        );
      },
    },
    {
      key: 'art',
      header: 'Art',
      width: '10rem',
      cell: (banner) => <img className="library-banner-art" src={banner.poster_url} alt="" loading="lazy" />,
    },
    {
      key: 'title',
      header: 'Title',
      width: '36%',
      cell: (banner) => <span className="fw-semibold">{banner.title_name}</span>,
    },
    {
      key: 'state',
      header: 'Shown',
      width: '10rem',
      cell: (banner) => (
        <span className="d-inline-flex gap-1 flex-wrap">
          <StatusBadge status={banner.is_active ? 'active' : 'inactive'} />
          {banner.title_published ? null : <StatusBadge status="draft" label="Title not published" />}
        </span>
      ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      width: '10rem',
      cell: (banner) => (
        <div className="d-inline-flex gap-2">
          <button
            type="button"
            className="btn btn-sm btn-outline-light"
            aria-label={`Edit the banner for ${banner.title_name}`}
            onClick={() => setEditing(banner)}
          >
            Edit
          </button>
          <ConfirmAction
            label="Delete"
            ariaLabel={`Delete the banner for ${banner.title_name}`}
            title={`Delete the banner for “${banner.title_name}”?`}
            confirmLabel="Delete banner"
            busyLabel="Deleting…"
            onConfirm={() => remove.mutateAsync(banner)}
          >
            Its art is deleted; the title itself stays.
          </ConfirmAction>
        </div>
      ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Banners"
        description="The hero of the browse page. Members see the active banners of published titles, in this order."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            New banner
          </button>
        }
      />
      <DataTable
        caption="Banners in the order members see them"
        columns={columns}
        rows={banners.data}
        rowKey={(banner) => banner.id}
        isLoading={banners.isPending}
        error={
          banners.isError
            ? {
                message: errorMessage(banners.error, 'The banners could not be loaded.'),
                onRetry: () => void banners.refetch(),
              }
            : null
        }
        empty={
          <EmptyState title="No banners yet." hint="Without banners the browse page opens on its rows." />
        }
      />
      {editing ? (
        <BannerDialog
          banner={editing === 'new' ? null : editing}
          onSave={(form) => save.mutateAsync({ id: editing === 'new' ? null : editing.id, form })}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

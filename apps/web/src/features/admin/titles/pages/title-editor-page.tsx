import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AdminTitlesMessages as M, type AdminTitleDetail } from '@reeltime/contract';
import { useToast } from '../../../../components/toast/toast-context';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { AdminPageHeader } from '../../shell/components/admin-page-header';
import { ConfirmAction } from '../../shell/components/confirm-action';
import { EmptyState } from '../../shell/components/empty-state';
import { StatusBadge } from '../../shell/components/status-badge';
import {
  useCreateTitle,
  useDeleteTitle,
  usePublishTitle,
  useSaveTitleImages,
  useUpdateTitle,
} from '../api/title-mutations';
import { titleQuery, titlesKeys } from '../api/titles-api';
import { SeasonsPanel } from '../components/seasons-panel';
import { TitleForm, type TitleImages } from '../components/title-form';
import {
  emptyTitleForm,
  toFormValues,
  toTitleBody,
  type TitleFormValues,
} from '../components/title-form-schema';
import { useUnsavedChanges } from '../components/use-unsaved-changes';
import { VideoStateBadge } from '../components/video-state-badge';
import '../titles.scss';
import { paths } from '../../../../lib/paths';

const SAVE_FAILED = 'The title could not be saved. Check your connection and try again.';

/** Server field names as the form names them. */
function formField(field: string): string {
  return field === 'trailer' || field.startsWith('trailer.') ? 'trailer_url' : field;
}

function useSaveErrors() {
  const toast = useToast();
  return (error: unknown, setFieldError: (field: string, message: string) => void) => {
    if (error instanceof ApiError && error.errors) {
      for (const [field, messages] of Object.entries(error.errors)) {
        if (messages[0]) setFieldError(formField(field), messages[0]);
      }
    }
    toast.error(errorMessage(error, SAVE_FAILED));
  };
}

/** `/admin/titles/new`: a new title, a draft unless published here; then its page. */
export function NewTitlePage() {
  const navigate = useNavigate();
  const toast = useToast();
  const createTitle = useCreateTitle();
  const saveImages = useSaveTitleImages();
  const onError = useSaveErrors();
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);

  const save = async (values: TitleFormValues, images: TitleImages) => {
    const created = await createTitle.mutateAsync(toTitleBody(values));
    unsaved.allowNextLeave();
    try {
      await saveImages.mutateAsync({ id: created.id, images });
      toast.success(M.created);
    } catch (error) {
      toast.error(`${M.created} ${errorMessage(error, 'Its images could not be saved; choose them again.')}`);
    }
    void navigate(paths.admin.title(created.id), { replace: true });
    return undefined;
  };

  return (
    <>
      <AdminPageHeader
        title="New title"
        description="Fill in what you know; it stays a draft until you publish it."
        actions={
          <Link to={paths.admin.titles()} className="btn btn-outline-light">
            Back to titles
          </Link>
        }
      />
      {unsaved.dialog}
      <TitleForm
        initial={emptyTitleForm}
        submitLabel="Create title"
        busyLabel="Creating..."
        onSave={save}
        onDirtyChange={setDirty}
        onError={onError}
      />
    </>
  );
}

function TitleEditor({ title }: { title: AdminTitleDetail }) {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const onError = useSaveErrors();
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);

  const updateTitle = useUpdateTitle();
  const saveImages = useSaveTitleImages();

  const publish = usePublishTitle(title.id, {
    successMessage: (_, published) => (published ? M.published : M.unpublished),
  });
  const remove = useDeleteTitle(title.id, {
    successMessage: M.deleted,
    onSuccess: () => {
      unsaved.allowNextLeave();
      queryClient.removeQueries({ queryKey: titlesKeys.detail(title.id) });
      void navigate(paths.admin.titles(), { replace: true });
    },
  });

  const save = async (values: TitleFormValues, images: TitleImages) => {
    let stored = await updateTitle.mutateAsync({ id: title.id, body: toTitleBody(values) });
    try {
      stored = (await saveImages.mutateAsync({ id: title.id, images })) ?? stored;
      toast.success(M.saved);
    } catch (error) {
      toast.error(`${M.saved} ${errorMessage(error, 'The images could not be saved; choose them again.')}`);
    }
    return toFormValues(stored);
  };

  return (
    <>
      <AdminPageHeader
        title={title.name}
        description={
          <span className="d-inline-flex flex-wrap align-items-center gap-2">
            <StatusBadge status={title.is_published ? 'published' : 'draft'} />
            <span>{title.type === 'movie' ? 'Movie' : 'TV show'}</span>
            {title.type === 'movie' ? (
              <span className="d-inline-flex align-items-center gap-1">
                Video <VideoStateBadge state={title.video_state} />
              </span>
            ) : null}
            <span>
              {title.views.toLocaleString('en')} views, {title.likes.toLocaleString('en')} likes
            </span>
            {title.is_published ? (
              <Link to={paths.movie(title.id)} target="_blank" rel="noreferrer">
                Open as a member
              </Link>
            ) : null}
          </span>
        }
        actions={
          <>
            <Link to={paths.admin.titles()} className="btn btn-outline-light">
              Back to titles
            </Link>
            <ConfirmAction
              label={title.is_published ? 'Unpublish' : 'Publish'}
              className={title.is_published ? 'btn btn-outline-warning' : 'btn btn-success'}
              disabled={publish.isPending}
              title={title.is_published ? `Unpublish “${title.name}”?` : `Publish “${title.name}”?`}
              confirmLabel={title.is_published ? 'Unpublish' : 'Publish'}
              busyLabel={title.is_published ? 'Unpublishing...' : 'Publishing...'}
              onConfirm={() => publish.mutateAsync(!title.is_published)}
            >
              {title.is_published
                ? 'Members will no longer find it anywhere on the site, from their next page load.'
                : 'Members will see it in rows, search and lists from their next page load.'}
            </ConfirmAction>
            <ConfirmAction
              label="Delete"
              className="btn btn-outline-danger"
              title={`Delete “${title.name}”?`}
              confirmLabel="Delete title"
              busyLabel="Deleting..."
              onConfirm={() => remove.mutateAsync()}
            >
              The title, its seasons and episodes, its videos and images, and members&apos; likes, progress
              and watch-list entries for it are deleted for good.
            </ConfirmAction>
          </>
        }
      />
      {unsaved.dialog}
      <TitleForm
        key={title.id}
        initial={toFormValues(title)}
        title={title}
        submitLabel="Save changes"
        busyLabel="Saving..."
        onSave={save}
        onDirtyChange={setDirty}
        onError={onError}
      />
      {title.type === 'tvshow' ? <SeasonsPanel titleId={title.id} seasons={title.seasons} /> : null}
    </>
  );
}

/** `/admin/titles/:id`: every field of a title, its seasons and episodes, publish and delete. */
export function TitleEditorPage() {
  const { id } = useParams();
  const titleId = Number(id);
  const valid = Number.isInteger(titleId) && titleId > 0;
  const title = useQuery({ ...titleQuery(titleId), enabled: valid });

  if (!valid || (title.error instanceof ApiError && title.error.status === 404)) {
    return (
      <EmptyState
        title="This title does not exist (any more)."
        action={
          <Link to={paths.admin.titles()} className="btn btn-sm btn-outline-light">
            Back to titles
          </Link>
        }
      />
    );
  }
  if (title.isError) {
    return (
      <div className="admin-table__error" role="alert">
        <span>{errorMessage(title.error, 'The title could not be loaded.')}</span>
        <button type="button" className="btn btn-sm btn-outline-light" onClick={() => void title.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!title.data) return <p aria-busy="true">Loading the title...</p>;
  return <TitleEditor title={title.data} />;
}

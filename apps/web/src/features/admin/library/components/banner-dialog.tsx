import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AdminLibraryMessages as M, type AdminBanner } from '@reeltime/contract';
import { ModalDialog } from '../../../../components/modal-dialog';
import { ApiError } from '../../../../lib/api-client';
import { titleChoicesQuery } from '../api/library-api';
import { ImageInput } from './image-input';

interface BannerDialogProps {
  /** The banner to edit; none to add one. */
  banner: AdminBanner | null;
  onSave: (form: FormData) => Promise<unknown>;
  onClose: () => void;
}

/** Adds or edits a banner: the title it opens (searched by name), its art and whether it shows. */
export function BannerDialog({ banner, onSave, onClose }: BannerDialogProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [title, setTitle] = useState(banner ? { id: banner.title_id, name: banner.title_name } : null);
  const [art, setArt] = useState<File | null>(null);
  const [active, setActive] = useState(banner?.is_active ?? true);
  const [errors, setErrors] = useState<{ title?: string; art?: string }>({});
  const [busy, setBusy] = useState(false);
  const choices = useQuery(titleChoicesQuery(search.trim()));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      ...(title ? {} : { title: M.bannerTitleRequired }),
      ...(!banner && !art ? { art: M.bannerArtRequired } : {}),
    };
    setErrors(missing);
    if (missing.title || missing.art) return;
    const form = new FormData();
    if (title) form.set('title_id', String(title.id));
    form.set('is_active', active ? 'true' : 'false');
    if (art) form.set('art', art);
    setBusy(true);
    try {
      await onSave(form);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors({
          title: error.errors?.title_id?.[0],
          art:
            error.errors?.art?.[0] ??
            (error.status === 415 || error.status === 413 ? error.message : undefined),
        });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={banner ? 'Edit banner' : 'New banner'} onClose={onClose} busy={busy}>
      <form className="library-dialog-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">Title it opens</legend>
          <p className="mb-2" aria-live="polite">
            {title ? (
              <>
                Chosen: <strong>{title.name}</strong>
              </>
            ) : (
              <span className="text-secondary">No title chosen yet.</span>
            )}
          </p>
          <label htmlFor={searchId} className="visually-hidden">
            Search titles
          </label>
          <input
            id={searchId}
            type="search"
            className={`form-control form-control-sm mb-2${errors.title ? ' is-invalid' : ''}`}
            placeholder="Search titles by name"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <div className="library-title-choices" role="radiogroup" aria-label="Titles">
            {choices.isError ? (
              <p className="text-danger small">The titles could not be loaded.</p>
            ) : choices.data?.length === 0 ? (
              <p className="text-secondary small">No title matches.</p>
            ) : (
              choices.data?.map((choice) => (
                <div className="form-check" key={choice.id}>
                  <input
                    id={`banner-title-${choice.id}`}
                    type="radio"
                    name="banner-title"
                    className="form-check-input"
                    checked={title?.id === choice.id}
                    onChange={() => setTitle({ id: choice.id, name: choice.name })}
                  />
                  <label htmlFor={`banner-title-${choice.id}`} className="form-check-label">
                    {choice.name}
                    <span className="text-secondary small">
                      {' '}
                      · {choice.type === 'tvshow' ? 'TV show' : 'Movie'}
                      {choice.is_published ? '' : ' · not published'}
                    </span>
                  </label>
                </div>
              ))
            )}
          </div>
          {errors.title ? (
            <div className="invalid-feedback d-block" role="alert">
              {errors.title}
            </div>
          ) : null}
        </fieldset>
        <ImageInput
          label="Banner art"
          currentUrl={banner?.poster_url ?? ''}
          file={art}
          onChange={setArt}
          hint={
            banner
              ? 'Choose a file only to replace the art. Shown full width, about 1920x800.'
              : 'Shown full width, about 1920x800.'
          }
          error={errors.art}
          shape="wide"
        />
        <div className="form-check mb-3">
          <input
            id="banner-active"
            type="checkbox"
            className="form-check-input"
            checked={active}
            onChange={(event) => setActive(event.target.checked)}
          />
          <label htmlFor="banner-active" className="form-check-label">
            Active: members see it (once its title is published)
          </label>
        </div>
        <div className="d-flex justify-content-end gap-2">
          <button type="button" className="btn btn-outline-light" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? 'Saving…' : banner ? 'Save' : 'Add banner'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  TITLE_SORTS,
  type AdminTitleListQuery,
  type AdminTitleRow,
  type TitleSort,
} from '@reeltime/contract';
import { errorMessage } from '../../../../lib/api-client';
import { AdminPageHeader } from '../../shell/components/admin-page-header';
import { ConfirmAction } from '../../shell/components/confirm-action';
import { DataTable, formatSort, parseSort, type Column } from '../../shell/components/data-table';
import { EmptyState } from '../../shell/components/empty-state';
import { Pagination } from '../../shell/components/pagination';
import { StatusBadge } from '../../shell/components/status-badge';
import { pageNumber, useUrlState } from '../../shell/components/use-url-state';
import { useBulkPublish } from '../api/title-mutations';
import { genresQuery, titlesQuery } from '../api/titles-api';
import { VideoStateBadge } from '../components/video-state-badge';
import '../titles.scss';
import { paths } from '../../../../lib/paths';

const PER_PAGE = 25;
const DEFAULT_SORT = '-created';

/** `1 Mar 2024`: short enough for the table at 1024 px. */
const shortDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const formatShortDate = (iso: string) =>
  shortDate.format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso));

const columns: Column<AdminTitleRow>[] = [
  {
    key: 'name',
    header: 'Title',
    sortable: true,
    cell: (title) => (
      <div className="admin-title-cell">
        {title.poster_image ? (
          <img src={title.poster_image} alt="" className="admin-title-cell__poster" loading="lazy" />
        ) : (
          <span className="admin-title-cell__poster admin-title-cell__poster--none" aria-hidden="true" />
        )}
        <div>
          <Link to={paths.admin.title(title.id)} className="fw-semibold">
            {title.name}
          </Link>
          <div className="text-secondary small">
            {title.type === 'movie' ? 'Movie' : 'TV show'} ·{' '}
            {title.genres.map((genre) => genre.name).join(', ') || 'No genre'}
          </div>
        </div>
      </div>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (title) => (
      <span className="d-inline-flex flex-wrap gap-1">
        <StatusBadge status={title.is_published ? 'published' : 'draft'} />
        {title.is_free ? <StatusBadge status="free" tone="info" /> : null}
      </span>
    ),
  },
  {
    key: 'video',
    header: 'Video',
    cell: (title) => (
      <div>
        <VideoStateBadge state={title.video_state} />
        {title.episodes ? (
          <div className="text-secondary small text-nowrap">
            {title.episodes.ready} of {title.episodes.total} episodes
          </div>
        ) : null}
      </div>
    ),
  },
  {
    key: 'release_date',
    header: 'Released',
    sortable: true,
    cell: (title) => (
      <span className="text-nowrap">{title.release_date ? formatShortDate(title.release_date) : '—'}</span>
    ),
  },
  {
    key: 'views',
    header: 'Views',
    sortable: true,
    align: 'end',
    cell: (title) => title.views.toLocaleString('en'),
  },
  {
    key: 'created',
    header: 'Added',
    sortable: true,
    cell: (title) => <span className="text-nowrap">{formatShortDate(title.created_at)}</span>,
  },
];

const isSort = (key: string): key is TitleSort => (TITLE_SORTS as readonly string[]).includes(key);

/** The URL's filters as the list endpoint takes them; unknown values are ignored. */
function listQuery(
  values: Record<string, string>,
): AdminTitleListQuery & { page: number; sort: TitleSort; order: 'asc' | 'desc' } {
  const sort = parseSort(values.sort ?? '') ?? parseSort(DEFAULT_SORT)!;
  const yesNo = (value: string | undefined) => (value === 'true' || value === 'false' ? value : undefined);
  return {
    page: pageNumber(values.page),
    per_page: PER_PAGE,
    sort: isSort(sort.key) ? sort.key : 'created',
    order: sort.direction,
    ...(values.search ? { search: values.search } : {}),
    ...(values.type === 'movie' || values.type === 'tvshow' ? { type: values.type } : {}),
    ...(/^\d+$/.test(values.genre ?? '') ? { genre_id: Number(values.genre) } : {}),
    ...(yesNo(values.published) ? { published: yesNo(values.published) } : {}),
    ...(yesNo(values.video) ? { has_video: yesNo(values.video) } : {}),
  };
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="admin-filters__search">
      <label htmlFor="titles-search" className="form-label">
        Search titles
      </label>
      <div className="input-group input-group-sm">
        <input
          id="titles-search"
          type="search"
          className="form-control"
          placeholder="Part of the name"
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn-outline-light">
          Search
        </button>
      </div>
    </form>
  );
}

interface FilterSelectProps {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}

function FilterSelect({ id, label, value, options, onChange }: FilterSelectProps) {
  return (
    <div>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The console's Titles section: every title, published or not, with filters, sorting and bulk publishing. */
export function TitlesPage() {
  const navigate = useNavigate();
  const url = useUrlState({
    search: '',
    type: '',
    genre: '',
    published: '',
    video: '',
    sort: DEFAULT_SORT,
    page: '1',
  });
  const query = listQuery(url.values);
  const titles = useQuery(titlesQuery(query));
  const genres = useQuery(genresQuery());
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const filtered = Boolean(
    url.values.search || url.values.type || url.values.genre || url.values.published || url.values.video,
  );
  const names = new Map(titles.data?.items.map((title) => [title.id, title.name]));

  const bulk = useBulkPublish({
    successMessage: ({ updated }, { action }) =>
      `${updated} ${updated === 1 ? 'title' : 'titles'} ${action === 'publish' ? 'published' : 'unpublished'}.`,
    onSuccess: () => setSelected(new Set()),
  });

  const count = selected.size;
  const chosen = `${count} ${count === 1 ? 'title' : 'titles'}`;

  return (
    <>
      <AdminPageHeader
        title="Titles"
        description="Every movie and show, published or draft. Members only ever see published titles."
        actions={
          <Link to={paths.admin.newTitle()} className="btn btn-primary">
            New title
          </Link>
        }
      />
      <div className="admin-filters">
        <SearchBox value={url.values.search} onSearch={(search) => url.set({ search })} />
        <FilterSelect
          id="titles-type"
          label="Type"
          value={url.values.type}
          onChange={(type) => url.set({ type })}
          options={[
            { value: '', label: 'All types' },
            { value: 'movie', label: 'Movies' },
            { value: 'tvshow', label: 'TV shows' },
          ]}
        />
        <FilterSelect
          id="titles-genre"
          label="Genre"
          value={url.values.genre}
          onChange={(genre) => url.set({ genre })}
          options={[
            { value: '', label: 'All genres' },
            ...(genres.data ?? []).map((genre) => ({ value: String(genre.id), label: genre.name })),
          ]}
        />
        <FilterSelect
          id="titles-published"
          label="Status"
          value={url.values.published}
          onChange={(published) => url.set({ published })}
          options={[
            { value: '', label: 'Published and drafts' },
            { value: 'true', label: 'Published' },
            { value: 'false', label: 'Drafts' },
          ]}
        />
        <FilterSelect
          id="titles-video"
          label="Video"
          value={url.values.video}
          onChange={(video) => url.set({ video })}
          options={[
            { value: '', label: 'With or without' },
            { value: 'true', label: 'Has a playable video' },
            { value: 'false', label: 'No playable video' },
          ]}
        />
      </div>
      <div className="admin-bulk-bar" aria-live="polite">
        <span>
          {count > 0 ? `${chosen} selected` : 'Select titles to publish or unpublish them together.'}
        </span>
        <ConfirmAction
          label="Publish"
          className="btn btn-sm btn-outline-success"
          disabled={count === 0 || bulk.isPending}
          title={`Publish ${chosen}?`}
          confirmLabel="Publish"
          busyLabel="Publishing..."
          onConfirm={() => bulk.mutateAsync({ ids: [...selected], action: 'publish' })}
        >
          Members will see them on their next page load.
        </ConfirmAction>
        <ConfirmAction
          label="Unpublish"
          className="btn btn-sm btn-outline-warning"
          disabled={count === 0 || bulk.isPending}
          title={`Unpublish ${chosen}?`}
          confirmLabel="Unpublish"
          busyLabel="Unpublishing..."
          onConfirm={() => bulk.mutateAsync({ ids: [...selected], action: 'unpublish' })}
        >
          Members will no longer find them in rows, search, lists or their watch list.
        </ConfirmAction>
      </div>
      <DataTable
        caption="Titles"
        columns={columns}
        rows={titles.data?.items}
        rowKey={(title) => title.id}
        isLoading={titles.isPending}
        error={
          titles.isError
            ? {
                message: errorMessage(titles.error, 'The titles could not be loaded.'),
                onRetry: () => void titles.refetch(),
              }
            : null
        }
        sort={{ key: query.sort, direction: query.order }}
        onSortChange={(sort) => url.set({ sort: formatSort(sort) })}
        selection={{
          selected,
          onChange: setSelected,
          rowLabel: (id) => names.get(id) ?? `title ${id}`,
        }}
        empty={
          <EmptyState
            title={filtered ? 'No title matches.' : 'No titles yet.'}
            hint={filtered ? 'Try another part of the name, or fewer filters.' : 'Create the first one.'}
            action={
              filtered ? (
                <button type="button" className="btn btn-sm btn-outline-light" onClick={url.reset}>
                  Clear the filters
                </button>
              ) : (
                <Link to={paths.admin.newTitle()} className="btn btn-sm btn-primary">
                  New title
                </Link>
              )
            }
          />
        }
        onRowOpen={(title) => void navigate(paths.admin.title(title.id))}
      />
      {titles.data ? (
        <Pagination
          page={query.page}
          perPage={PER_PAGE}
          total={titles.data.total}
          onPageChange={(next) => url.set({ page: String(next) })}
          label="Titles pages"
        />
      ) : null}
    </>
  );
}

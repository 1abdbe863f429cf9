import { useState, type FormEvent } from 'react';
import { AdminTitleLimits as L, type AdminEpisode, type AdminSeason } from '@reeltime/contract';
import { ConfirmAction } from '../../shell/components/confirm-action';
import { useSeasonWrites } from '../api/season-mutations';
import { EpisodeDialog } from './episode-dialog';
import { VideoStateBadge } from './video-state-badge';

/** The ids in their new order after moving one item a step up or down. */
function moved(ids: number[], index: number, step: -1 | 1): number[] {
  const next = [...ids];
  const [item] = next.splice(index, 1);
  next.splice(index + step, 0, item!);
  return next;
}

interface SeasonChanges {
  name?: string;
  season_number?: number;
}

function SeasonNameForm({
  season,
  onSave,
}: {
  season: AdminSeason;
  onSave: (changes: SeasonChanges) => void;
}) {
  const [name, setName] = useState(season.name);
  const [number, setNumber] = useState(String(season.season_number));
  const valid = /^\d+$/.test(number) && Number(number) >= 1 && Number(number) <= L.seasonNumber;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    // Only what changed, so a season still called by its number is renamed with it by the server.
    const changes: SeasonChanges = {};
    if (name.trim() !== season.name) changes.name = name.trim();
    if (Number(number) !== season.season_number) changes.season_number = Number(number);
    if (Object.keys(changes).length > 0) onSave(changes);
  };
  return (
    <form className="admin-season__rename" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={`season-${season.id}-number`}>
        Season number
      </label>
      <input
        id={`season-${season.id}-number`}
        className={`form-control form-control-sm admin-season__number${valid ? '' : ' is-invalid'}`}
        inputMode="numeric"
        value={number}
        onChange={(event) => setNumber(event.target.value)}
      />
      <label className="visually-hidden" htmlFor={`season-${season.id}-name`}>
        Season name
      </label>
      <input
        id={`season-${season.id}-name`}
        className="form-control form-control-sm"
        value={name}
        maxLength={L.seasonName}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="btn btn-sm btn-outline-light" disabled={!valid}>
        Save season
      </button>
    </form>
  );
}

function AddEpisodeForm({
  seasonId,
  onAdd,
}: {
  seasonId: number;
  onAdd: (name: string) => Promise<unknown>;
}) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    try {
      await onAdd(name.trim());
      setName('');
    } catch {
      // Toasted by the mutation; the name stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="admin-season__add" onSubmit={(event) => void submit(event)}>
      <label className="visually-hidden" htmlFor={`season-${seasonId}-new-episode`}>
        New episode name
      </label>
      <input
        id={`season-${seasonId}-new-episode`}
        className="form-control form-control-sm"
        placeholder="New episode name"
        maxLength={L.episodeName}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="btn btn-sm btn-outline-light" disabled={busy || !name.trim()}>
        {busy ? 'Adding...' : 'Add episode'}
      </button>
    </form>
  );
}

/** A show's seasons and episodes: add, rename, renumber, reorder and delete them; each episode's video state. */
export function SeasonsPanel({ titleId, seasons }: { titleId: number; seasons: AdminSeason[] }) {
  const [editing, setEditing] = useState<AdminEpisode | null>(null);

  const {
    addSeason,
    saveSeason,
    deleteSeason,
    orderSeasons,
    addEpisode,
    saveEpisode,
    deleteEpisode,
    orderEpisodes,
  } = useSeasonWrites(titleId);

  const seasonIds = seasons.map((season) => season.id);

  return (
    <section className="admin-seasons" aria-labelledby="seasons-heading">
      <div className="admin-seasons__header">
        <h2 id="seasons-heading" className="h5 mb-0">
          Seasons and episodes
        </h2>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => addSeason.mutate(undefined)}
          disabled={addSeason.isPending}
        >
          {addSeason.isPending ? 'Adding...' : 'Add season'}
        </button>
      </div>
      {seasons.length === 0 ? (
        <p className="text-secondary">
          No seasons yet. Add one, then its episodes; upload their videos in Media.
        </p>
      ) : null}
      {seasons.map((season, seasonIndex) => {
        const episodeIds = season.episodes.map((episode) => episode.id);
        return (
          <article key={season.id} className="admin-season" aria-label={`Season ${season.season_number}`}>
            <div className="admin-season__header">
              <SeasonNameForm
                key={`${season.name}-${season.season_number}`}
                season={season}
                onSave={(changes) => saveSeason.mutate({ id: season.id, changes })}
              />
              <div className="btn-group btn-group-sm">
                <button
                  type="button"
                  className="btn btn-outline-light"
                  disabled={seasonIndex === 0 || orderSeasons.isPending}
                  onClick={() => orderSeasons.mutate(moved(seasonIds, seasonIndex, -1))}
                  aria-label={`Move season ${season.season_number} up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn-outline-light"
                  disabled={seasonIndex === seasons.length - 1 || orderSeasons.isPending}
                  onClick={() => orderSeasons.mutate(moved(seasonIds, seasonIndex, 1))}
                  aria-label={`Move season ${season.season_number} down`}
                >
                  ↓
                </button>
              </div>
              <ConfirmAction
                label="Delete season"
                title={`Delete ${season.name}?`}
                confirmLabel="Delete season"
                busyLabel="Deleting..."
                onConfirm={() => deleteSeason.mutateAsync(season.id)}
              >
                Its {season.episodes.length} {season.episodes.length === 1 ? 'episode' : 'episodes'}, their
                videos and members&apos; progress in them are deleted for good.
              </ConfirmAction>
            </div>
            {season.episodes.length === 0 ? (
              <p className="text-secondary small mb-2">No episodes yet.</p>
            ) : (
              <table className="table table-dark table-sm align-middle mb-2">
                <caption className="visually-hidden">Episodes of {season.name}</caption>
                <thead>
                  <tr>
                    <th scope="col" style={{ width: '3rem' }}>
                      #
                    </th>
                    <th scope="col">Episode</th>
                    <th scope="col" style={{ width: '7rem' }}>
                      Length
                    </th>
                    <th scope="col" style={{ width: '8rem' }}>
                      Video
                    </th>
                    <th scope="col" style={{ width: '17rem' }}>
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {season.episodes.map((episode, index) => (
                    <tr key={episode.id}>
                      <td>{episode.episode_number}</td>
                      <td>{episode.name}</td>
                      <td>{episode.duration_minutes ? `${episode.duration_minutes} min` : '—'}</td>
                      <td>
                        <VideoStateBadge state={episode.video_state} />
                      </td>
                      <td className="text-end">
                        <div className="d-inline-flex gap-1">
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-light"
                            onClick={() => setEditing(episode)}
                            aria-label={`Edit episode ${episode.episode_number}, ${episode.name}`}
                          >
                            Edit
                          </button>
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-light"
                            disabled={index === 0 || orderEpisodes.isPending}
                            onClick={() =>
                              orderEpisodes.mutate({ seasonId: season.id, ids: moved(episodeIds, index, -1) })
                            }
                            aria-label={`Move ${episode.name} up`}
                          >
                            ↑
                          </button>
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-light"
                            disabled={index === season.episodes.length - 1 || orderEpisodes.isPending}
                            onClick={() =>
                              orderEpisodes.mutate({ seasonId: season.id, ids: moved(episodeIds, index, 1) })
                            }
                            aria-label={`Move ${episode.name} down`}
                          >
                            ↓
                          </button>
                          <ConfirmAction
                            label="Delete"
                            ariaLabel={`Delete episode ${episode.episode_number}, ${episode.name}`}
                            title={`Delete “${episode.name}”?`}
                            confirmLabel="Delete episode"
                            busyLabel="Deleting..."
                            onConfirm={() => deleteEpisode.mutateAsync(episode.id)}
                          >
                            The episode, its video and members&apos; progress in it are deleted for good.
                          </ConfirmAction>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <AddEpisodeForm
              seasonId={season.id}
              onAdd={(name) => addEpisode.mutateAsync({ seasonId: season.id, name })}
            />
          </article>
        );
      })}
      {editing ? (
        <EpisodeDialog
          episode={editing}
          onClose={() => setEditing(null)}
          onSave={(changes) => saveEpisode.mutateAsync({ id: editing.id, ...changes })}
        />
      ) : null}
    </section>
  );
}

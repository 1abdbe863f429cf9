import '../household.scss';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Brand } from '../../../components/brand';
import { QueryStatus } from '../../../components/query-status';
import { paths } from '../../../lib/paths';
import { returnPathFrom } from '../../../lib/return-path';
import { useIsKids } from '../../../lib/session';
import { householdQuery } from '../api/household-api';
import { ProfileTileContent } from '../components/profile-tile';
import { useProfileChooser } from '../components/use-profile-chooser';
import { useStoredProfileSync } from '../components/use-stored-profile-sync';

/** The page to go on to: `?next=` when it is a page of this site other than this one. */
function useNextPath(): string {
  const location = useLocation();
  const next = returnPathFrom(location.search, null);
  return next && !next.startsWith(paths.profiles()) ? next : paths.browse();
}

/**
 * "Who's watching?": shown after signing in and from the account menu. An account with one
 * profile goes straight on; otherwise each profile is a button, with the PIN dialog for a
 * profile that has a PIN, and the member lands where they were going as the chosen profile.
 */
export function WhoIsWatchingPage() {
  const navigate = useNavigate();
  const next = useNextPath();
  const isKids = useIsKids();
  const household = useQuery(householdQuery());
  const chooser = useProfileChooser(() => navigate(next, { replace: true }));
  const data = household.data;
  const onlyOne = data !== undefined && data.profiles.length <= 1;

  useStoredProfileSync(data);

  if (onlyOne) return <Navigate to={next} replace />;

  return (
    <div className="who-is-watching">
      <header className="who-is-watching__top">
        <Brand to={paths.browse()} />
      </header>
      <main id="main" tabIndex={-1} className="who-is-watching__main">
        <h1 className="who-is-watching__title">Who&apos;s watching?</h1>
        <QueryStatus
          query={household}
          loadingLabel="Loading profiles"
          failureText="The profiles could not be loaded."
          className="who-is-watching__error"
        />
        {data && (
          <ul className="profile-grid" aria-label="Profiles">
            {data.profiles.map((profile) => (
              <li key={profile.id}>
                <button
                  type="button"
                  className="profile-tile"
                  onClick={() => chooser.choose(profile)}
                  aria-busy={chooser.choosing === profile.id}
                  aria-current={profile.id === data.current_profile_id ? 'true' : undefined}
                >
                  <ProfileTileContent profile={profile} />
                </button>
              </li>
            ))}
          </ul>
        )}
        {data && !isKids && (
          <Link to={paths.manageProfiles()} className="btn btn-outline-light who-is-watching__manage">
            Manage profiles
          </Link>
        )}
      </main>
      {chooser.dialog}
    </div>
  );
}

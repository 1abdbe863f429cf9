import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ProfileAvatar } from '../../../components/profile-avatar';
import { paths } from '../../../lib/paths';
import { currentProfileOf, householdQuery } from '../api/household-api';
import { LockIcon } from './lock-icon';
import { useProfileChooser } from './use-profile-chooser';
import { useStoredProfileSync } from './use-stored-profile-sync';

/**
 * The account menu's household items: the other profiles to switch to (through the PIN dialog
 * when they have a PIN), "Who's watching?" and Manage profiles. Switching lands on Browse.
 */
export function ProfileSwitcher({ close }: { close: (returnFocus: boolean) => void }) {
  const navigate = useNavigate();
  const { data } = useQuery(householdQuery());
  const chooser = useProfileChooser(() => navigate(paths.browse()));
  const current = data ? currentProfileOf(data) : undefined;

  useStoredProfileSync(data);

  if (!data) return null;
  const others = data.profiles.filter((profile) => profile.id !== data.current_profile_id);

  return (
    <>
      {others.map((profile) => (
        <li role="none" key={profile.id}>
          <button
            role="menuitem"
            type="button"
            tabIndex={-1}
            className="profile-menu__switch"
            aria-label={`Switch to ${profile.name}${profile.is_kids ? ' (kids)' : ''}${profile.has_pin ? ', PIN protected' : ''}`}
            onClick={() => {
              close(true);
              chooser.choose(profile);
            }}
          >
            <ProfileAvatar profile={profile} size="sm" />
            <span className="profile-menu__switch-name">{profile.name}</span>
            {profile.has_pin && <LockIcon size={14} className="profile-menu__lock" />}
          </button>
        </li>
      ))}
      {others.length > 0 && (
        <li role="none">
          <Link role="menuitem" to={paths.profiles()} tabIndex={-1} onClick={() => close(false)}>
            Who&apos;s watching?
          </Link>
        </li>
      )}
      {current && !current.is_kids && (
        <li role="none">
          <Link role="menuitem" to={paths.manageProfiles()} tabIndex={-1} onClick={() => close(false)}>
            Manage profiles
          </Link>
        </li>
      )}
      <li role="separator" className="profile-menu__divider" />
      {chooser.dialog}
    </>
  );
}

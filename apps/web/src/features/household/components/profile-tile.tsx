import type { HouseholdProfile } from '@reeltime/contract';
import { ProfileAvatar } from '../../../components/profile-avatar';
import { LockIcon } from './lock-icon';

/** A profile's avatar, name and badges (kids, PIN); the button or link around it is the caller's. */
export function ProfileTileContent({ profile }: { profile: HouseholdProfile }) {
  return (
    <>
      <ProfileAvatar profile={profile} size="lg" />
      <span className="profile-tile__name">{profile.name}</span>
      <span className="profile-tile__badges">
        {profile.is_kids && <span className="profile-badge profile-badge--kids">Kids</span>}
        {profile.has_pin && (
          <span className="profile-badge profile-badge--pin">
            <LockIcon size={14} />
            <span className="visually-hidden">PIN protected</span>
          </span>
        )}
      </span>
    </>
  );
}

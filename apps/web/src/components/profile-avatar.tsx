import './profile-avatar.scss';
import type { ProfileSummary } from '../lib/session';

type AvatarSize = 'sm' | 'md' | 'lg';

/**
 * A household profile's picture: its uploaded image, or its built-in avatar (a colour with the
 * name's first letter). Decorative: the name is always written beside it.
 */
export function ProfileAvatar({
  profile,
  size = 'md',
}: {
  profile: Pick<ProfileSummary, 'name' | 'avatar' | 'avatar_image'>;
  size?: AvatarSize;
}) {
  const className = `profile-avatar profile-avatar--${size}`;
  if (profile.avatar_image) return <img className={className} src={profile.avatar_image} alt="" />;
  return (
    <span className={`${className} profile-avatar--${profile.avatar}`} aria-hidden="true">
      {profile.name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Messages } from '@reeltime/contract';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { useIsSignedIn } from '../../../lib/session';
import { useToggleLike } from '../api/titles-api';
import { paths } from '../../../lib/paths';

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
        d="M12 20.3 4.6 13A4.9 4.9 0 0 1 12 6.6a4.9 4.9 0 0 1 7.4 6.4L12 20.3Z"
      />
    </svg>
  );
}

const countFormat = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

interface LikeButtonProps {
  titleId: number;
  titleName: string;
  liked: boolean;
  likes: number;
}

/**
 * Likes a title or takes the like back (POST /user/like) and shows the like count. It is a toggle
 * button (aria-pressed); the state follows the server's answer. Visitors are sent to sign in.
 */
export function LikeButton({ titleId, titleName, liked, likes }: LikeButtonProps) {
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  // Signing in comes back to this page.
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const toast = useToast();
  const countId = useId();
  const [state, setState] = useState({ liked, likes });
  const [lastProps, setLastProps] = useState({ liked, likes });
  if (lastProps.liked !== liked || lastProps.likes !== likes) {
    // Fresh details arrived; follow them.
    setLastProps({ liked, likes });
    setState({ liked, likes });
  }

  const mutation = useToggleLike(titleId);

  const onClick = () => {
    if (!signedIn) {
      void navigate(paths.login(here));
      return;
    }
    mutation.mutate(undefined, {
      onSuccess: (like) => setState({ liked: like.is_liked, likes: like.likes }),
      onError: (error) => toast.error(errorMessage(error, Messages.actionFailed)),
    });
  };

  const isLiked = signedIn && state.liked;
  return (
    <button
      type="button"
      className={`btn btn-outline-light btn-lg like-button${isLiked ? ' is-liked' : ''}`}
      aria-pressed={signedIn ? isLiked : undefined}
      aria-label={`Like ${titleName}`}
      aria-describedby={countId}
      disabled={mutation.isPending}
      onClick={onClick}
    >
      <HeartIcon filled={isLiked} />
      <span>Like</span>
      <span className="like-button__count" aria-hidden="true">
        {countFormat.format(state.likes)}
      </span>
      <span id={countId} className="visually-hidden">
        {`${state.likes} ${state.likes === 1 ? 'like' : 'likes'}`}
      </span>
    </button>
  );
}

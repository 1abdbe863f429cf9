import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Messages } from '@reeltime/contract';
import { errorMessage } from '../lib/api-client';
import { useToggleWatchList } from '../lib/watch-list-api';
import { useIsSignedIn } from '../lib/session';
import { useToast } from './toast/toast-context';
import { CheckIcon, PlusIcon } from './icons';
import { paths } from '../lib/paths';

interface WatchListButtonProps {
  titleId: number;
  titleName: string;
  saved: boolean;
  /** `icon` for cards, `full` for the details page. */
  variant?: 'icon' | 'full';
}

/** Adds or removes a title from the watch list; the state flips only once the server agrees. */
export function WatchListButton({ titleId, titleName, saved, variant = 'icon' }: WatchListButtonProps) {
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  // Signing in comes back to this page.
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const toast = useToast();
  const [isSaved, setIsSaved] = useState(saved);
  const [lastProp, setLastProp] = useState(saved);
  if (lastProp !== saved) {
    // A refetched list changed the value; follow it.
    setLastProp(saved);
    setIsSaved(saved);
  }

  const mutation = useToggleWatchList();

  const onClick = () => {
    if (!signedIn) {
      void navigate(paths.login(here));
      return;
    }
    mutation.mutate(
      { entertainment_id: titleId },
      {
        onSuccess: (envelope) => {
          setIsSaved(envelope.data.is_watch_list);
          if (envelope.message) toast.success(envelope.message);
        },
        onError: (error) => toast.error(errorMessage(error, Messages.actionFailed)),
      },
    );
  };

  const label = isSaved ? `Remove ${titleName} from My Watchlist` : `Add ${titleName} to My Watchlist`;

  if (variant === 'full') {
    return (
      <button
        type="button"
        className="btn btn-outline-light btn-lg watch-list-button"
        aria-pressed={signedIn ? isSaved : undefined}
        aria-label={label}
        disabled={mutation.isPending}
        onClick={onClick}
      >
        {isSaved ? <CheckIcon /> : <PlusIcon />}
        <span>{isSaved ? 'In My Watchlist' : 'My Watchlist'}</span>
      </button>
    );
  }

  return (
    <button
      type="button"
      className={`icon-button watch-list-button${isSaved ? ' is-saved' : ''}`}
      aria-pressed={signedIn ? isSaved : undefined}
      aria-label={label}
      title={isSaved ? 'Remove from My Watchlist' : 'Add to My Watchlist'}
      disabled={mutation.isPending}
      onClick={onClick}
    >
      {isSaved ? <CheckIcon /> : <PlusIcon />}
    </button>
  );
}

import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Cast } from '@reeltime/contract';
import { useIsKids, useIsSignedIn } from '../../../lib/session';
import { SendEmailDialog } from './send-email-dialog';
import { paths } from '../../../lib/paths';

/** Cast and crew, 2 to 6 per row by width; each opens the member's movies. */
export function CastGrid({ casts }: { casts: Cast[] }) {
  const [writingTo, setWritingTo] = useState<Cast | null>(null);
  return (
    <>
      <ul className="row row-cols-2 row-cols-sm-3 row-cols-md-4 row-cols-lg-5 row-cols-xl-6 g-3 list-unstyled cast-grid">
        {casts.map((cast) => (
          <li key={cast.id} className="col">
            <CastCard cast={cast} onWrite={() => setWritingTo(cast)} />
          </li>
        ))}
      </ul>
      {writingTo && <SendEmailDialog cast={writingTo} onClose={() => setWritingTo(null)} />}
    </>
  );
}

function CastCard({ cast, onWrite }: { cast: Cast; onWrite: () => void }) {
  const signedIn = useIsSignedIn();
  // Send Email is an account action: a kids profile is not offered it.
  const kids = useIsKids();
  const canWrite = cast.has_email && !kids;
  return (
    <div className="cast-card-holder">
      <Link
        to={paths.movies({ id: cast.id, type: 'cast' })}
        state={{ castName: cast.name }}
        className="cast-card"
      >
        <img src={cast.profile_image} alt="" width={160} height={160} loading="lazy" decoding="async" />
        <span className="cast-card__name">{cast.name}</span>
        {cast.job_title && <span className="cast-card__role">{cast.job_title}</span>}
      </Link>
      {canWrite && <SendEmailButton name={cast.name} signedIn={signedIn} onWrite={onWrite} />}
    </div>
  );
}

/** Members write from a dialog; a visitor is sent to sign in first (the endpoint is member-only). */
function SendEmailButton({
  name,
  signedIn,
  onWrite,
}: {
  name: string;
  signedIn: boolean;
  onWrite: () => void;
}) {
  // Signing in comes back to this page.
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  if (!signedIn) {
    return (
      <Link
        to={paths.login(here)}
        className="btn btn-outline-light btn-sm cast-card__email"
        aria-label={`Send Email to ${name}`}
      >
        Send Email
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-outline-light btn-sm cast-card__email"
      aria-label={`Send Email to ${name}`}
      onClick={onWrite}
    >
      Send Email
    </button>
  );
}

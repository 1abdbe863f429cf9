import { Link } from 'react-router';
import type { Cast } from '@reeltime/contract';

/** Cast and crew, 2 to 6 per row by width; each opens the member's movies. */
export function CastGrid({ casts }: { casts: Cast[] }) {
  return (
    <ul className="row row-cols-2 row-cols-sm-3 row-cols-md-4 row-cols-lg-5 row-cols-xl-6 g-3 list-unstyled cast-grid">
      {casts.map((cast) => (
        <li key={cast.id} className="col">
          <Link to={`/movies/${cast.id}?type=cast`} state={{ castName: cast.name }} className="cast-card">
            <img src={cast.profile_image} alt="" width={160} height={160} loading="lazy" decoding="async" />
            <span className="cast-card__name">{cast.name}</span>
            {cast.job_title && <span className="cast-card__role">{cast.job_title}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}

import '../submissions.scss';
import { Link } from 'react-router';
import { useUser } from '../../../lib/session';
import { SubmitMovieForm } from '../components/submit-movie-form';
import { paths } from '../../../lib/paths';

export function SubmitMoviePage() {
  const user = useUser();
  return (
    <section className="container-xxl page-section submit-page">
      <h1 className="page-title">Submit Your Movie</h1>
      <p className="text-body-secondary">
        Send us your movie or show with its cast and crew. We review every submission; you can follow its
        status in <Link to={paths.mySubmissions()}>My submissions</Link>.
      </p>
      <SubmitMovieForm user={user} />
    </section>
  );
}

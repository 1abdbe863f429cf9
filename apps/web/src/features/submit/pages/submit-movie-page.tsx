import { ComingSoon } from '../../../components/coming-soon';

export function SubmitMoviePage() {
  return <ComingSoon title="Submit Your Movie" />;
}

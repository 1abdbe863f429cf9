import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { EmptyState } from './components/empty-state';

/** An address under /admin that no section has. */
export function UnknownSection() {
  return (
    <EmptyState
      title="There is no such page in the console."
      action={<Link to={paths.admin.overview()}>Go to the overview</Link>}
    />
  );
}

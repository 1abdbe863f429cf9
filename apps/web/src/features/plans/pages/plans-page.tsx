import { ComingSoon } from '../../../components/coming-soon';

export function PlansPage() {
  return <ComingSoon title="Subscription Plans" />;
}

import { useQuery } from '@tanstack/react-query';
import { currentSubscription, isAdFree, plansQuery, subscriptionsQuery } from '../../../lib/plan-queries';
import { useIsSignedIn } from '../../../lib/session';

/**
 * Whether the browse banner carries an ad: always for a visitor, and for a member without a plan or
 * with a plan that has ads. Undefined while a member's plan is still loading.
 */
export function useShowsAds(): boolean | undefined {
  const signedIn = useIsSignedIn();
  const subscriptions = useQuery({ ...subscriptionsQuery(), enabled: signedIn });
  const current = subscriptions.data ? currentSubscription(subscriptions.data) : null;
  const plans = useQuery({ ...plansQuery(), enabled: signedIn && current !== null });

  if (!signedIn) return true;
  if (!subscriptions.data) return undefined;
  if (!current) return true;
  if (!plans.data) return undefined;
  const plan = plans.data.find((item) => item.plan_id === current.plan_id);
  // A plan that cannot be found is not held against a paying member.
  return plan ? !isAdFree(plan) : false;
}

import { queryOptions } from '@tanstack/react-query';
import { BillingEndpoints, type Plan, type Subscription } from '@reeltime/contract';
import { callEndpoint, emptyOnFailure } from './api-client';
import { plansRootKey } from './query-keys';

/** Plans on sale; a failed load is logged and shows no plans (the spec's rule for lists). */
export function plansQuery() {
  return queryOptions({
    queryKey: [...plansRootKey, 'list'],
    queryFn: ({ signal }) =>
      emptyOnFailure('the plans', signal, () => callEndpoint(BillingEndpoints.plans, { signal })),
  });
}

/** The member's subscriptions that still give access; a failed load is logged and shows none. */
export function subscriptionsQuery() {
  return queryOptions({
    queryKey: [...plansRootKey, 'subscription'],
    queryFn: ({ signal }) =>
      emptyOnFailure('the subscription', signal, async () => {
        const { activeSubscriptions } = await callEndpoint(BillingEndpoints.subscription, { signal });
        return activeSubscriptions;
      }),
  });
}

/** The subscription the banner shows: a running one first, then one that ends at its end date. */
export function currentSubscription(subscriptions: readonly Subscription[]): Subscription | null {
  return (
    subscriptions.find((item) => item.status === 'active') ??
    subscriptions.find((item) => item.status === 'cancelled') ??
    null
  );
}

/** The plan limit that says whether a plan shows ads. */
export const AD_FREE_LIMITATION = 'Ad-free';

/** A plan is ad-free when its 'Ad-free' limitation is on; a plan that does not list it has ads. */
export function isAdFree(plan: Plan): boolean {
  return plan.plan_type.some(
    (limitation) => limitation.limitation_title === AD_FREE_LIMITATION && limitation.limitation_value,
  );
}

import { queryOptions } from '@tanstack/react-query';
import type { AdminPlanList } from '@reeltime/contract';
import { adminCall } from '../../admin-api';

export const plansAdminKeys = {
  plans: ['admin', 'plans'] as const,
  taxes: ['admin', 'taxes'] as const,
};

/** A plan change still on its way to Stripe (and not failed): worth asking again shortly. */
const waitingForStripe = (list: AdminPlanList | undefined) =>
  list?.plans.some(
    (plan) => plan.stripe !== null && !plan.stripe.in_sync && plan.stripe.last_error === null,
  ) ?? false;

export const plansAdminQuery = () =>
  queryOptions({
    queryKey: plansAdminKeys.plans,
    queryFn: ({ signal }) => adminCall('GET /admin/plans', { signal }),
    refetchInterval: (query) => (waitingForStripe(query.state.data) ? 3_000 : false),
  });

export const taxesAdminQuery = () =>
  queryOptions({
    queryKey: plansAdminKeys.taxes,
    queryFn: ({ signal }) => adminCall('GET /admin/taxes', { signal }),
  });

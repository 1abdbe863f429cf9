import { queryOptions } from '@tanstack/react-query';
import {
  AdminCommerceEndpoints,
  AdminCommerceMessages as M,
  type AdminPlanBody,
  type AdminPlanList,
  type AdminTaxBody,
} from '@reeltime/contract';
import { callEndpoint, requestEndpoint } from '../../../../lib/api-client';
import { plansRootKey } from '../../../../lib/query-keys';
import { useAdminMutation } from '../../shell/components/use-admin-mutation';

export const commerceKeys = {
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
    queryKey: commerceKeys.plans,
    queryFn: ({ signal }) => callEndpoint(AdminCommerceEndpoints.plans, { signal }),
    refetchInterval: (query) => (waitingForStripe(query.state.data) ? 3_000 : false),
  });

export const taxesAdminQuery = () =>
  queryOptions({
    queryKey: commerceKeys.taxes,
    queryFn: ({ signal }) => callEndpoint(AdminCommerceEndpoints.taxes, { signal }),
  });

/** Plans refetch in the console and on the member pages this browser may show next. */
const PLAN_QUERIES = [commerceKeys.plans, plansRootKey];
/** Tax lines refetch in the console and on the member pages that show plans. */
const TAX_QUERIES = [commerceKeys.taxes, plansRootKey];

/** Creates a plan (`id` null) or saves its fields. */
export function useSavePlan() {
  return useAdminMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AdminPlanBody }) =>
      id === null
        ? requestEndpoint(AdminCommerceEndpoints.createPlan, { body })
        : requestEndpoint(AdminCommerceEndpoints.updatePlan, { params: { id }, body }),
    successMessage: (envelope) => envelope.message ?? M.planSaved,
    invalidate: PLAN_QUERIES,
  });
}

/** Lets members buy a plan again, or stops offering it. */
export function useSetPlanActive() {
  return useAdminMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      requestEndpoint(AdminCommerceEndpoints.updatePlan, { params: { id }, body: { is_active: active } }),
    successMessage: (envelope) =>
      `${envelope.data.name} is ${envelope.data.is_active ? 'active: members can buy it' : 'inactive: members no longer see it'}.`,
    invalidate: PLAN_QUERIES,
  });
}

export function useDeletePlan() {
  return useAdminMutation({
    mutationFn: (id: number) => requestEndpoint(AdminCommerceEndpoints.deletePlan, { params: { id } }),
    successMessage: (envelope) => envelope.message ?? M.planDeleted,
    invalidate: PLAN_QUERIES,
  });
}

/** Creates a tax line (`id` null) or saves its fields. */
export function useSaveTax() {
  return useAdminMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AdminTaxBody }) =>
      id === null
        ? requestEndpoint(AdminCommerceEndpoints.createTax, { body })
        : requestEndpoint(AdminCommerceEndpoints.updateTax, { params: { id }, body }),
    successMessage: (envelope) => envelope.message ?? M.taxSaved,
    invalidate: TAX_QUERIES,
  });
}

export function useDeleteTax() {
  return useAdminMutation({
    mutationFn: (id: number) => requestEndpoint(AdminCommerceEndpoints.deleteTax, { params: { id } }),
    successMessage: (envelope) => envelope.message ?? M.taxDeleted,
    invalidate: TAX_QUERIES,
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BillingEndpoints, type ProcessPaymentBody } from '@reeltime/contract';
import { ApiError, callEndpoint } from '../../../lib/api-client';
import { invalidatePlanDependentQueries, plansRootKey } from '../../../lib/query-keys';

/** Cancels at the end of the period; resolves once plans and subscription have reloaded. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(BillingEndpoints.cancelSubscription, { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansRootKey }),
  });
}

/** What the plan costs the member now. A POST that only reads, so it is a query, fetched afresh on each visit. */
export function paymentDetailsQuery(planId: number) {
  return queryOptions({
    queryKey: [...plansRootKey, 'payment-details', planId],
    queryFn: ({ signal }) =>
      callEndpoint(BillingEndpoints.paymentDetails, { query: { plan_id: planId }, signal }),
    enabled: Number.isInteger(planId) && planId > 0,
    staleTime: 0,
  });
}

/** Starts a checkout for the total the member saw; a 409 means the price changed meanwhile. */
export function useProcessPayment() {
  return useMutation({
    mutationFn: (body: ProcessPaymentBody) => callEndpoint(BillingEndpoints.processPayment, { body }),
  });
}

/** The checkout can send the member back before the payment is recorded: ask again a few times. */
export const CONFIRM_ATTEMPTS = 4;
export const CONFIRM_RETRY_DELAY_MS = 1500;

const isNotPaidYet = (error: unknown) => error instanceof ApiError && error.status === 402;

/**
 * Confirms the checkout session the member came back from (idempotent on the server), then marks
 * everything that follows the plan stale: subscription, payments and title details.
 */
export function usePaymentConfirmation(sessionId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['payment-confirmation', sessionId],
    queryFn: async ({ signal }) => {
      const { subscription } = await callEndpoint(BillingEndpoints.paymentSuccess, {
        body: { session_id: sessionId, gateway: 'stripe' },
        signal,
      });
      void invalidatePlanDependentQueries(queryClient);
      return subscription;
    },
    enabled: sessionId !== '',
    staleTime: Infinity,
    retry: (failures, error) => isNotPaidYet(error) && failures < CONFIRM_ATTEMPTS - 1,
    retryDelay: CONFIRM_RETRY_DELAY_MS,
  });
}

/** How often a tab that opened a checkout asks whether it has been paid (only while it is shown). */
export const FOLLOW_CHECKOUT_EVERY_MS = 4000;

/**
 * Follows a checkout opened in another tab: true once it is paid. Asks while this tab is visible
 * and again whenever it comes back into view; "not paid yet" is no error.
 */
export function useCheckoutFollower(sessionId: string): boolean {
  const followed = useQuery({
    queryKey: ['checkout-follower', sessionId],
    queryFn: async ({ signal }) => {
      try {
        await callEndpoint(BillingEndpoints.paymentSuccess, {
          body: { session_id: sessionId, gateway: 'stripe' },
          signal,
        });
        return true;
      } catch (error) {
        if (isNotPaidYet(error)) return false;
        throw error;
      }
    },
    enabled: sessionId !== '',
    retry: false,
    refetchOnWindowFocus: 'always',
    refetchInterval: (query) => (query.state.data ? false : FOLLOW_CHECKOUT_EVERY_MS),
  });
  return followed.data === true;
}

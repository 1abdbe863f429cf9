import { queryOptions } from '@tanstack/react-query';
import { BillingEndpoints, MAX_PER_PAGE } from '@reeltime/contract';
import { callEndpoint, emptyOnFailure } from '../../../lib/api-client';
import { billingRootKey } from '../../../lib/query-keys';

/** The member's latest payments (one page holds years of them); a failed load is logged and shows none. */
export function paymentsQuery() {
  return queryOptions({
    queryKey: [...billingRootKey, 'payments'],
    queryFn: ({ signal }) =>
      emptyOnFailure('the payments', signal, () =>
        callEndpoint(BillingEndpoints.payments, { query: { per_page: MAX_PER_PAGE }, signal }),
      ),
  });
}

export function receiptQuery(paymentId: number) {
  return queryOptions({
    queryKey: [...billingRootKey, 'receipt', paymentId],
    queryFn: ({ signal }) => callEndpoint(BillingEndpoints.receipt, { params: { id: paymentId }, signal }),
    enabled: Number.isInteger(paymentId) && paymentId > 0,
    staleTime: Infinity,
  });
}

import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { errorMessage } from '../../../../lib/api-client';
import { useToast } from '../../../../components/toast/toast-context';

interface AdminMutationOptions<Variables, Result> {
  mutationFn: (variables: Variables) => Promise<Result>;
  /** The toast after success; a function to name what changed. */
  successMessage: string | ((result: Result, variables: Variables) => string);
  /** The toast when the server gives no message (network down, timeout). */
  errorFallback?: string;
  /** Query keys (prefixes) to refetch after success. */
  invalidate?: QueryKey[];
  onSuccess?: (result: Result, variables: Variables) => void;
}

/** What a page adds to a feature's write hook: its toasts, and what happens after success. */
export type AdminMutationFeedback<Variables, Result> = Pick<
  AdminMutationOptions<Variables, Result>,
  'successMessage' | 'errorFallback' | 'onSuccess'
>;

/**
 * A console write: toasts its outcome (the server's own message on failure), refetches the
 * given queries after success. Use `mutateAsync` with `ConfirmAction`.
 */
export function useAdminMutation<Variables = void, Result = unknown>({
  mutationFn,
  successMessage,
  errorFallback = 'That did not work. Check your connection and try again.',
  invalidate = [],
  onSuccess,
}: AdminMutationOptions<Variables, Result>) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn,
    onSuccess: async (result, variables) => {
      toast.success(
        typeof successMessage === 'function' ? successMessage(result, variables) : successMessage,
      );
      onSuccess?.(result, variables);
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => toast.error(errorMessage(error, errorFallback)),
  });
}

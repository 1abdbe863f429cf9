import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AuthEndpoints, Messages } from '@reeltime/contract';
import { errorMessage, requestEndpoint } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';
import { useToast } from '../../../components/toast/toast-context';
import { paths } from '../../../lib/paths';

/**
 * Signs the admin out from the console: tells the server, toasts its answer, goes to the landing
 * page and forgets the local session whatever the server said (as the member menu does).
 */
export function useConsoleSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const mutation = useMutation({ mutationFn: () => requestEndpoint(AuthEndpoints.logout) });
  const signOut = async () => {
    try {
      const envelope = await mutation.mutateAsync();
      if (envelope.message) toast.success(envelope.message);
    } catch (error) {
      toast.error(errorMessage(error, Messages.logoutFailed));
    }
    await navigate(paths.landing());
    clearSession();
    queryClient.removeQueries();
  };
  return { signOut, isPending: mutation.isPending };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  AuthEndpoints,
  Messages,
  type ForgotPasswordBody,
  type LoginBody,
  type RegisterBody,
  type ResetPasswordBody,
} from '@reeltime/contract';
import { errorMessage, requestEndpoint, whileSigningOut } from '../../../lib/api-client';
import { clearSession, setSession } from '../../../lib/session';

/** Signs in; on success the token and user are stored and cached member data is dropped. */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => requestEndpoint(AuthEndpoints.login, { body }),
    onSuccess: ({ data }) => {
      const { api_token: token, ...user } = data;
      setSession(token, user);
      queryClient.removeQueries();
    },
  });
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (body: RegisterBody) => requestEndpoint(AuthEndpoints.register, { body }),
  });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => requestEndpoint(AuthEndpoints.forgotPassword, { body }),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => requestEndpoint(AuthEndpoints.resetPassword, { body }),
  });
}

/**
 * Signs out: tells the server, toasts its answer (or the fallback), goes to the landing page and
 * forgets the local session whatever the server said. Navigating first avoids a detour through
 * the sign-in redirect of member-only pages.
 */
export function useLogout(notify: { success: (message: string) => void; error: (message: string) => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: () => requestEndpoint(AuthEndpoints.logout),
  });
  const logout = async () => {
    try {
      const envelope = await whileSigningOut(() => mutation.mutateAsync());
      if (envelope.message) notify.success(envelope.message);
    } catch (error) {
      notify.error(errorMessage(error, Messages.logoutFailed));
    }
    await whileSigningOut(async () => {
      await navigate('/');
    });
    clearSession();
    queryClient.removeQueries();
  };
  return { logout, isPending: mutation.isPending };
}

import { useMutation } from '@tanstack/react-query';
import { ProfileEndpoints, type ChangePasswordBody } from '@reeltime/contract';
import { requestEndpoint } from '../../../lib/api-client';
import { setToken, setUser } from '../../../lib/session';

/** Multipart update (the picture travels as `file_url`); the returned user replaces the stored one. */
export function useUpdateProfileMutation() {
  return useMutation({
    mutationFn: (form: FormData) => requestEndpoint(ProfileEndpoints.updateProfile, { body: form }),
    onSuccess: ({ data }) => setUser(data),
  });
}

/** The server revokes the other tokens and returns a fresh one, which replaces the stored token. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => requestEndpoint(ProfileEndpoints.changePassword, { body }),
    onSuccess: ({ data }) => setToken(data.api_token),
  });
}

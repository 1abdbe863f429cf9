import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_PIN_HEADER,
  HouseholdEndpoints,
  type AccountPinBody,
  type Household,
  type HouseholdProfile,
  type HouseholdProfilePatch,
  type NewHouseholdProfileBody,
} from '@reeltime/contract';
import { ApiError, requestEndpoint, callEndpoint } from '../../../lib/api-client';
import { setProfile } from '../../../lib/session';

export const householdKey = ['household'] as const;

/** The account's profiles, the one the token acts as, the plan's limit and the rating scale. */
export function householdQuery() {
  return queryOptions({
    queryKey: householdKey,
    queryFn: ({ signal }) => callEndpoint(HouseholdEndpoints.list, { signal }),
  });
}

/** The profile the token acts as, from the household the server answered. */
export function currentProfileOf(household: Household): HouseholdProfile | undefined {
  return household.profiles.find((profile) => profile.id === household.current_profile_id);
}

/**
 * What was cached belongs to the profile acting before: its watch list, Continue Watching, likes
 * and a catalog filtered by its maturity limit. Queries on screen start over with the new token;
 * the others are dropped.
 */
async function forgetOtherProfileData(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ type: 'inactive' });
  await queryClient.resetQueries();
}

/**
 * Chooses the profile the site acts as from now on: the token the server answers replaces the
 * stored one, exactly as a sign-in's does, so the choice lasts across reloads.
 */
export function useSelectProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pin }: { id: number; pin?: string }) =>
      callEndpoint(HouseholdEndpoints.select, { params: { id }, body: pin ? { pin } : {} }),
    onSuccess: async ({ api_token: token, profile }) => {
      setProfile(profile, token);
      await forgetOtherProfileData(queryClient);
    },
  });
}

/** The account PIN guarding profile management, when the account has one. */
const pinHeader = (accountPin: string | undefined) => ({ [ACCOUNT_PIN_HEADER]: accountPin });

/** Adding, editing and deleting profiles refresh the household (and the stored profile's name). */
function useHouseholdChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: householdKey }),
  });
}

export function useCreateProfile() {
  return useHouseholdChange(
    ({ body, accountPin }: { body: NewHouseholdProfileBody | FormData; accountPin?: string | undefined }) =>
      requestEndpoint(HouseholdEndpoints.create, { body, headers: pinHeader(accountPin) }),
  );
}

export function useUpdateProfile() {
  return useHouseholdChange(
    ({
      id,
      body,
      accountPin,
    }: {
      id: number;
      body: HouseholdProfilePatch | FormData;
      accountPin?: string | undefined;
    }) =>
      requestEndpoint(HouseholdEndpoints.update, { params: { id }, body, headers: pinHeader(accountPin) }),
  );
}

export function useDeleteProfile() {
  return useHouseholdChange(({ id, accountPin }: { id: number; accountPin?: string | undefined }) =>
    requestEndpoint(HouseholdEndpoints.remove, { params: { id }, headers: pinHeader(accountPin) }),
  );
}

export function useSetAccountPin() {
  return useHouseholdChange((body: AccountPinBody) =>
    requestEndpoint(HouseholdEndpoints.setAccountPin, { body }),
  );
}

/** The account PIN was missing, wrong or is locked: asking for it again is the way on. */
export function isAccountPinError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 429 || Boolean(error.errors?.account_pin));
}

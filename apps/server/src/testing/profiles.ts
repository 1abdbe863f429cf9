import { API_BASE, type NewHouseholdProfileBody, type SelectedProfile } from '@reeltime/contract';
import type { App } from '../app';

/**
 * Adds a household profile to the member's account and chooses it, through the API as a client
 * does (`POST /user/profiles`, then `POST /user/profiles/:id/select`); returns the token acting as
 * it. The account's plan must allow one more profile.
 */
export async function addAndSelectProfile(
  app: App,
  auth: { authorization: string },
  profile: NewHouseholdProfileBody,
): Promise<{ profileId: number; token: string; authorization: string }> {
  const added = await app.inject({
    method: 'POST',
    url: `${API_BASE}/user/profiles`,
    headers: { authorization: auth.authorization },
    payload: profile,
  });
  if (added.statusCode !== 201) throw new Error(`adding a profile failed: ${added.body}`);
  const profileId = (added.json().data as { id: number }).id;
  const selected = await app.inject({
    method: 'POST',
    url: `${API_BASE}/user/profiles/${profileId}/select`,
    headers: { authorization: auth.authorization },
  });
  if (selected.statusCode !== 200) throw new Error(`choosing a profile failed: ${selected.body}`);
  const { api_token: token } = selected.json().data as SelectedProfile;
  return { profileId, token, authorization: `Bearer ${token}` };
}

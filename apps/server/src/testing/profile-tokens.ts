import type { App } from '../app';
import type { AuthProfile } from '../modules/auth/auth-user';

/**
 * Bearer tokens that act as a profile with a given maturity limit, for tests and benchmarks.
 * The app's token verification is wrapped once: a token issued here verifies as its member with
 * the profile laid on, every other token as before. The one place to change when profiles are
 * chosen through the API: issue then selects a real profile and returns its token.
 */
export function profileTokens(app: App) {
  const profiles = new Map<string, AuthProfile>();
  const { tokens } = app.ctx;
  const verify = tokens.verify.bind(tokens);
  tokens.verify = async (token) => {
    const user = await verify(token);
    const profile = profiles.get(token);
    return user && profile ? { ...user, profile } : user;
  };
  let lastProfileId = 0;

  return {
    /** A token of the member acting as a profile with this limit (null: no limit). */
    async issue(
      userId: number,
      profile: { maturityLimit: string | null; isKids?: boolean },
    ): Promise<{ authorization: string; token: string }> {
      const { token } = await tokens.issue(userId);
      profiles.set(token, {
        id: ++lastProfileId,
        isKids: profile.isKids ?? false,
        maturityLimit: profile.maturityLimit,
      });
      return { token, authorization: `Bearer ${token}` };
    },
  };
}

/** The member behind a valid bearer token, and the household profile the token acts as. */
export interface AuthUser {
  id: number;
  isAdmin: boolean;
  tokenId: number;
  /**
   * The acting profile: per-profile state (watch list, progress, likes, views) is its own, and
   * catalog reads hide titles above its maturity limit (a rating label; null for no limit).
   */
  profile: { id: number; isKids: boolean; maturityLimit: string | null };
}

/** The account and the profile a request acts as: per-profile state is keyed by the profile. */
export type Viewer = Pick<AuthUser, 'id'> & { profile: Pick<AuthUser['profile'], 'id'> };

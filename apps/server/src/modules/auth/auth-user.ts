/** The profile of an account a token acts as. */
export interface AuthProfile {
  id: number;
  isKids: boolean;
  /** A label of the content-rating scale; null when the profile sees every title. */
  maturityLimit: string | null;
}

/** The member behind a valid bearer token. */
export interface AuthUser {
  id: number;
  isAdmin: boolean;
  tokenId: number;
  /** The profile the token acts as; absent for a token that carries none (it sees every title). */
  profile?: AuthProfile;
}

/** The member behind a valid bearer token. */
export interface AuthUser {
  id: number;
  isAdmin: boolean;
  tokenId: number;
}

/** localStorage keys of the session (the spec names them); apart so the HTML's inline script can read them. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
/**
 * The household profile the stored token acts as, as the web app last saw it. The token alone
 * decides what the server shows (decision 0039); this copy names the profile in the header and
 * picks the kids layout without waiting for a request. Absent: the account owner's profile, as a
 * fresh sign-in's token acts as.
 */
export const PROFILE_KEY = 'profile';

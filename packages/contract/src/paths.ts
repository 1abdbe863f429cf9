/** Base path of the HTTP API. */
export const API_BASE = '/api/v1';

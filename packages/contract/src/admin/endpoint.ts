/**
 * One admin operation, keyed in an endpoint map by `"<METHOD> <path>"` (the path relative to
 * API_BASE, with `:name` parameters), since one admin path often serves several methods. `body`,
 * `query` and `params` are what the request schemas accept; `multipart` marks a body that may
 * travel as form data; `response` is what the success envelope carries in `data`.
 */
export interface AdminEndpoint {
  body?: unknown;
  query?: unknown;
  params?: unknown;
  multipart?: true;
  response: unknown;
}

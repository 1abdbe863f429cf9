/** The success envelope of the API. */
export function ok<T>(data: T, message?: string): { status: true; message?: string; data: T } {
  return message === undefined ? { status: true, data } : { status: true, message, data };
}

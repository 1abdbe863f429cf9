/** Records console.error calls so the setup can fail a test that produced one unexpectedly. */
const state = { errors: [] as unknown[][], allowed: false };

export function resetConsoleGuard(): void {
  state.errors = [];
  state.allowed = false;
}

export function recordConsoleError(args: unknown[]): void {
  state.errors.push(args);
}

export function takeConsoleErrors(): unknown[][] {
  return state.allowed ? [] : state.errors;
}

/** Call in a test that expects console.error output. */
export function allowConsoleError(): void {
  state.allowed = true;
}

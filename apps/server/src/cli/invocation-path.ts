import path from 'node:path';

/**
 * A path as the operator typed it. npm runs workspace scripts from the workspace folder; npm's
 * INIT_CWD is where the command was run.
 */
export function resolveFromInvocation(file: string): string {
  // eslint-disable-next-line no-restricted-properties -- npm's INIT_CWD is not configuration
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/**
 * The web app's code, evaluated in steps (decision 0054): each chunk the entry imports is imported
 * on its own, with a pause for the browser in between, so no single task evaluates React DOM, the
 * router and the app's own code together; the entry comes last and finds them evaluated.
 */

/** Lets the browser handle input and paint before the next step. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export async function startInSteps(
  steps: readonly string[],
  entry: string,
  load: (href: string) => Promise<unknown>,
  pause: () => Promise<void> = nextTask,
): Promise<void> {
  for (const step of steps) {
    await load(step);
    await pause();
  }
  await load(entry);
}

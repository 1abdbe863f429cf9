/**
 * The web app's start (decision 0051): index.html loads this instead of the entry chunk, which it
 * only preloads. The entry runs once the first view has been drawn (the inline script's `ready`),
 * or at once when that script did not run.
 */
import { readHandoff } from './handoff';

const entry = document.querySelector<HTMLLinkElement>('link[data-app-entry]')?.href;
if (entry) {
  void (readHandoff(window)?.ready ?? Promise.resolve()).then(() => import(/* @vite-ignore */ entry));
}

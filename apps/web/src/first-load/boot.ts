/**
 * The web app's start (decisions 0051 and 0053): index.html loads this instead of the entry chunk,
 * and lists the entry and the chunks it needs in an inert template. Once the first view has been
 * drawn (the inline script's `ready`), or at once when that script did not run, the list goes
 * into the head, so the chunks download together, and the entry runs.
 */
import { readHandoff } from './handoff';

const modules = document.querySelector<HTMLTemplateElement>('template[data-app-modules]');
const entry = modules?.content.querySelector('link[data-app-entry]')?.getAttribute('href');
if (modules && entry) {
  void (readHandoff(window)?.ready ?? Promise.resolve()).then(() => {
    document.head.append(modules.content.cloneNode(true));
    return import(/* @vite-ignore */ entry);
  });
}

/**
 * The web app's start (decisions 0051, 0053 and 0054): index.html loads this instead of the entry
 * chunk, and lists the entry and the chunks it imports in an inert template. Once the first view
 * has been drawn (the inline script's `ready`), or at once when that script did not run, the list
 * goes into the head, so the chunks download together; then the entry's chunks are evaluated one
 * task each, and the entry last.
 */
import { startInSteps } from './app-start';
import { readHandoff } from './handoff';

const modules = document.querySelector<HTMLTemplateElement>('template[data-app-modules]');
const entry = modules?.content.querySelector('link[data-app-entry]')?.getAttribute('href');
if (modules && entry) {
  const steps = [...modules.content.querySelectorAll('link[data-app-step]')].flatMap(
    (link) => link.getAttribute('href') ?? [],
  );
  void (readHandoff(window)?.ready ?? Promise.resolve()).then(() => {
    document.head.append(modules.content.cloneNode(true));
    return startInSteps(steps, entry, (href) => import(/* @vite-ignore */ href));
  });
}

/**
 * When the first view has reached the screen (decision 0051): paint timing and element timing
 * where the browser has them, the next frame after an image has decoded where it has not.
 */

/** The element timing name of the first view's image (its `elementtiming` attribute). */
export const FIRST_VIEW_IMAGE = 'first-view-image';

export type PaintScope = Pick<Window, 'requestAnimationFrame' | 'setTimeout'> & {
  PerformanceObserver?: typeof PerformanceObserver;
};

function observes(scope: PaintScope, type: string): boolean {
  return scope.PerformanceObserver?.supportedEntryTypes?.includes(type) ?? false;
}

/** Resolves on the first performance entry of `type` that `accept`s, those before included. */
function firstEntry(
  Observer: typeof PerformanceObserver,
  type: string,
  accept: (entry: PerformanceEntry) => boolean,
): Promise<void> {
  return new Promise((resolve) => {
    const observer = new Observer((list) => {
      if (!list.getEntries().some(accept)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type, buffered: true });
  });
}

/** After the next frame (a hidden page has none: whoever waits needs a limit). */
function afterFrame(scope: PaintScope): Promise<void> {
  return new Promise((resolve) => scope.requestAnimationFrame(() => scope.setTimeout(resolve, 0)));
}

/** Once the page has painted content. */
export function contentPainted(scope: PaintScope): Promise<void> {
  const Observer = scope.PerformanceObserver;
  return Observer && observes(scope, 'paint')
    ? firstEntry(Observer, 'paint', (entry) => entry.name === 'first-contentful-paint')
    : afterFrame(scope);
}

/** Once `image` (marked with {@link FIRST_VIEW_IMAGE}) has been painted, or has failed to load. */
export function imagePainted(scope: PaintScope, image: HTMLImageElement): Promise<void> {
  const failed = new Promise<void>((resolve) =>
    image.addEventListener('error', () => resolve(), { once: true }),
  );
  const Observer = scope.PerformanceObserver;
  const painted =
    Observer && observes(scope, 'element')
      ? firstEntry(
          Observer,
          'element',
          (entry) => (entry as PerformanceEntry & { identifier?: string }).identifier === FIRST_VIEW_IMAGE,
        )
      : image
          .decode()
          .catch(() => undefined)
          .then(() => afterFrame(scope));
  return Promise.race([painted, failed]);
}

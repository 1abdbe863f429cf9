/** Closes the preview open now, if any: one trailer preview on the page at a time. */
let closeCurrent: (() => void) | null = null;

/**
 * Makes `close` the current preview's, closing the one before it. Returns the release to call
 * when this preview closes by itself.
 */
export function takeOverPreview(close: () => void): () => void {
  if (closeCurrent && closeCurrent !== close) closeCurrent();
  closeCurrent = close;
  return () => {
    if (closeCurrent === close) closeCurrent = null;
  };
}

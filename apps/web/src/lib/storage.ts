/**
 * localStorage that never throws: storage can be unavailable (private mode, quota, disabled), and
 * then whatever was to be kept lasts for this page only.
 */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores the value, or removes the key for null. */
export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Unavailable: nothing is kept.
  }
}

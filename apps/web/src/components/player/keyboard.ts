/** What a key press asks the player to do. */
export type PlayerAction =
  | { type: 'toggle-play' }
  | { type: 'seek-by'; seconds: number }
  | { type: 'volume-by'; delta: number }
  | { type: 'toggle-mute' }
  | { type: 'toggle-fullscreen' };

/** Seconds for j/l and for the arrow keys; volume step for up/down. */
export const SEEK_LONG_SECONDS = 10;
export const SEEK_SHORT_SECONDS = 5;
export const VOLUME_STEP = 0.1;

/**
 * Where the key press happened, as far as shortcuts care:
 * `text` fields keep every key, `range` inputs keep the arrow keys, `button`s (links, menu items)
 * keep Space and Enter, anything else (the player surface, the seek bar) takes all shortcuts.
 */
export type KeyTarget = 'text' | 'range' | 'button' | 'other';

export interface ShortcutKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'image', 'file', 'color']);

/** Classifies the element a key event came from (see {@link KeyTarget}). */
export function keyTargetOf(element: EventTarget | null): KeyTarget {
  if (!(element instanceof HTMLElement)) return 'other';
  if (element.isContentEditable) return 'text';
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return 'text';
  if (element instanceof HTMLInputElement) {
    if (element.type === 'range') return 'range';
    return NON_TEXT_INPUTS.has(element.type) ? 'button' : 'text';
  }
  const role = element.getAttribute('role');
  if (role === 'slider') return 'other';
  if (
    element instanceof HTMLButtonElement ||
    element instanceof HTMLAnchorElement ||
    (role !== null && /^(button|link|menuitem|menuitemradio|menuitemcheckbox|option|tab)$/.test(role))
  ) {
    return 'button';
  }
  return 'other';
}

/**
 * The player's keyboard shortcuts: Space or k play/pause, j and l ±10 s, Left/Right ±5 s,
 * Up/Down volume, f fullscreen, m mute. Keys with Ctrl, Cmd or Alt are left to the browser.
 */
export function shortcutFor(event: ShortcutKey, target: KeyTarget = 'other'): PlayerAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (target === 'text') return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  switch (key) {
    case ' ':
    case 'Spacebar':
      return target === 'button' ? null : { type: 'toggle-play' };
    case 'k':
      return { type: 'toggle-play' };
    case 'j':
      return { type: 'seek-by', seconds: -SEEK_LONG_SECONDS };
    case 'l':
      return { type: 'seek-by', seconds: SEEK_LONG_SECONDS };
    case 'ArrowLeft':
      return target === 'range' ? null : { type: 'seek-by', seconds: -SEEK_SHORT_SECONDS };
    case 'ArrowRight':
      return target === 'range' ? null : { type: 'seek-by', seconds: SEEK_SHORT_SECONDS };
    case 'ArrowUp':
      return target === 'range' ? null : { type: 'volume-by', delta: VOLUME_STEP };
    case 'ArrowDown':
      return target === 'range' ? null : { type: 'volume-by', delta: -VOLUME_STEP };
    case 'f':
      return { type: 'toggle-fullscreen' };
    case 'm':
      return { type: 'toggle-mute' };
    default:
      return null;
  }
}

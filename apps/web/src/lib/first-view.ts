/**
 * The first view the server wrote into `#root` (first-views.ts, decision 0049), taken before React
 * replaces it: the router's loading state draws it again until the page's code has loaded, so the
 * screen does not change, and a form of the page picks up what was typed into it.
 */
let html = '';
const typed = new Map<string, string>();
let focused: string | null = null;

const FIRST_VIEW_ATTRIBUTE = 'data-first-view';

function remember(root: ParentNode): void {
  for (const input of root.querySelectorAll<HTMLInputElement>('input[name]')) {
    if (input.value) typed.set(input.name, input.value);
    if (input === document.activeElement) focused = input.name;
  }
}

/** Called once before React renders into `container`. */
export function takeFirstView(container: HTMLElement): void {
  html = container.innerHTML.trim();
  remember(container);
}

/** The first view's markup, '' when the page came without one. */
export function firstViewHtml(): string {
  return html;
}

/** Attributes of the element that draws the first view again while the page's code loads. */
export const firstViewAttributes = { [FIRST_VIEW_ATTRIBUTE]: '' };

/**
 * What was typed into the first view's field `name` before the page's own form replaced it ('' if
 * nothing), and whether it had the focus.
 */
export function typedInFirstView(name: string): { value: string; focused: boolean } {
  const shown = document.querySelector(`[${FIRST_VIEW_ATTRIBUTE}]`);
  if (shown) remember(shown);
  return { value: typed.get(name) ?? '', focused: focused === name };
}

/** Forgets the first view's input once a form has taken it (a later visit to the form starts empty). */
export function forgetFirstViewInput(): void {
  typed.clear();
  focused = null;
}

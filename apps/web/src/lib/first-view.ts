/**
 * The first view the server wrote into `#root` (first-views.ts, decision 0049), taken before React
 * replaces it: the router's loading state draws it again until the page's code has loaded, so the
 * screen does not change, and a form of the page picks up what was typed into it.
 */
let html = '';
const typed = new Map<string, string>();
let focused: string | null = null;

/** The first view's fields have ids of their own (first-views.ts), unlike any field React draws. */
const FIRST_VIEW_FIELD = /^first-view-/;

function isFirstViewField(target: EventTarget | null): target is HTMLInputElement {
  return target instanceof HTMLInputElement && FIRST_VIEW_FIELD.test(target.id) && target.name !== '';
}

function onInput(event: Event): void {
  if (isFirstViewField(event.target)) typed.set(event.target.name, event.target.value);
}

function onFocus(event: Event): void {
  if (isFirstViewField(event.target)) focused = event.target.name;
}

/**
 * Called once before React renders into `container`. Input is followed from then on, so what is
 * typed into the HTML's fields or into their copy in the loading state survives React replacing
 * them.
 */
export function takeFirstView(container: HTMLElement): void {
  html = container.innerHTML.trim();
  if (!html) return;
  for (const input of container.querySelectorAll('input')) {
    if (!isFirstViewField(input)) continue;
    if (input.value) typed.set(input.name, input.value);
    if (input === document.activeElement) focused = input.name;
  }
  document.addEventListener('input', onInput, true);
  document.addEventListener('focusin', onFocus, true);
}

/** The first view's markup, '' when the page came without one. */
export function firstViewHtml(): string {
  return html;
}

/** Attributes of the element that draws the first view again while the page's code loads. */
export const firstViewAttributes = { 'data-first-view': '' };

/**
 * What was typed into the first view's field `name` before the page's own form replaced it ('' if
 * nothing), and whether it had the focus last.
 */
export function typedInFirstView(name: string): { value: string; focused: boolean } {
  return { value: typed.get(name) ?? '', focused: focused === name };
}

/** Stops following the first view's fields once a form has taken what was typed into them. */
export function forgetFirstViewInput(): void {
  typed.clear();
  focused = null;
  document.removeEventListener('input', onInput, true);
  document.removeEventListener('focusin', onFocus, true);
}

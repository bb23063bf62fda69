/** A little help building DOM nodes: `h("p", { class: "note" }, "text", child)`. Text is never parsed as HTML. */

type Attributes = Record<string, string | number | boolean | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Array<Node | string | undefined>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== undefined) node.append(child);
  return node;
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`the page has no #${id}`);
  return node as T;
}

/**
 * Enables or disables a button; when it is disabled while focused, focus goes to `instead` (a disabled
 * button drops the focus to the page's start, and a keyboard user would lose their place).
 */
export function setDisabled(button: HTMLButtonElement, disabled: boolean, instead: HTMLElement): void {
  const focused = document.activeElement === button;
  button.disabled = disabled;
  if (disabled && focused) instead.focus();
}

/** Whether a key pressed at `target` is the page's to use: not typed into a field, no modifier held. */
export function isPageKey(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const target = event.target as HTMLElement | null;
  return !target?.closest("input, select, textarea, [role='listbox'], button.cue");
}

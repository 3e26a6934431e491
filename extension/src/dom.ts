/** Small DOM helpers for the popup and options pages. */

/** The element with this id; throws when the page lacks it (a build mistake, not a user's). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el as T;
}

/** An element with text and attributes. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, text = '', attrs: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** A button that runs an async action, disabled while it runs. */
export function button(label: string, action: () => Promise<void>, attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = el('button', label, { type: 'button', ...attrs });
  b.addEventListener('click', () => {
    b.disabled = true;
    action().finally(() => (b.disabled = false));
  });
  return b;
}

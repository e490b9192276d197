/**
 * Small DOM helpers: the sidebar is plain DOM inside Lumino widgets (no framework),
 * so the long sound list stays cheap to render.
 */

type Child = Node | string | null | undefined | false;
/** An attribute's value (`true`: present and empty; null, undefined, false: absent) or, for `on*`, a listener. */
type Attr = string | number | boolean | null | undefined | ((event: Event) => unknown);

/** Create an element with attributes (`on*` functions become listeners) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, Attr> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) {
      continue;
    }
    if (key.startsWith('on') && typeof value === 'function') {
      node.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === 'className') {
      node.className = String(value);
    } else {
      node.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(node, ...children);
  return node;
}

export function append(node: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) {
      continue;
    }
    node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Call `fn` once typing has paused for `wait` ms. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number): (...args: A) => void {
  let timer: number | undefined;
  return (...args: A) => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => fn(...args), wait);
  };
}

let counter = 0;

/** A document-unique id for aria wiring. */
export function uid(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}

/** Replace a node's children (null/false children are skipped). */
export function replace(node: Element, ...children: Child[]): void {
  node.textContent = '';
  append(node, ...children);
}

/**
 * One tab stop for a group of buttons (WAI-ARIA toolbar pattern, "roving tabindex"):
 * Tab enters the group at its current button, the arrow keys, Home and End move within it.
 * Call `update()` after the buttons change; `current` picks the button that gets the tab stop.
 */
export function rovingTabindex(
  group: HTMLElement,
  current: (buttons: HTMLElement[]) => HTMLElement | undefined
): { update(): void } {
  const buttons = () => Array.from(group.querySelectorAll<HTMLElement>('button'));
  const update = () => {
    const all = buttons();
    const active = all.find(b => b.tabIndex === 0 && b === document.activeElement) ?? current(all) ?? all[0];
    for (const button of all) {
      button.tabIndex = button === active ? 0 : -1;
    }
  };
  group.addEventListener('keydown', event => {
    const all = buttons();
    const at = all.indexOf(event.target as HTMLElement);
    if (at < 0) {
      return;
    }
    const moves: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowDown: at + 1,
      ArrowLeft: at - 1,
      ArrowUp: at - 1,
      Home: 0,
      End: all.length - 1
    };
    if (!(event.key in moves)) {
      return;
    }
    event.preventDefault();
    const next = all[(moves[event.key] + all.length) % all.length];
    for (const button of all) {
      button.tabIndex = button === next ? 0 : -1;
    }
    next.focus();
  });
  return { update };
}

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

/**
 * A status line under a row of controls: it never pushes the controls aside. Long text is
 * folded to one line with "more", which unfolds it and the details (one per line).
 */
export class MessageLine {
  readonly node: HTMLElement;
  private readonly text: HTMLElement;
  private readonly more: HTMLButtonElement;
  private readonly details: HTMLElement;

  constructor(className: string) {
    this.text = h('span', { className: 'jp-Strudel-messageText' });
    this.more = h('button', { type: 'button', className: 'jp-Strudel-messageMore', hidden: true }, 'more');
    this.details = h('ul', { className: 'jp-Strudel-messageDetails', hidden: true });
    this.node = h(
      'div',
      { className: `jp-Strudel-message ${className}`, role: 'status', 'aria-live': 'polite' },
      this.text,
      this.more,
      this.details
    );
    this.more.addEventListener('click', () => this.unfold(this.node.dataset.open !== 'true'));
  }

  /** The text shown (without "more" and the details). */
  get value(): string {
    return this.text.textContent ?? '';
  }

  /** Show `text` folded to one line; `details` go under "more". */
  set(text: string, details: string[] = []): void {
    this.text.textContent = text;
    this.text.title = text;
    replace(this.details, ...details.map(line => h('li', {}, line)));
    this.unfold(false);
    this.more.hidden = !text || (!details.length && !this.overflows());
    if (text && !details.length) {
      // Whether the text overflows is known only once it is laid out.
      requestAnimationFrame(() => (this.more.hidden = !this.details.childElementCount && !this.overflows()));
    }
  }

  private overflows(): boolean {
    return this.text.scrollWidth > this.text.clientWidth + 1;
  }

  private unfold(open: boolean): void {
    this.node.dataset.open = String(open);
    this.details.hidden = !open || !this.details.childElementCount;
    this.more.textContent = open ? 'less' : 'more';
    this.more.setAttribute('aria-expanded', String(open));
  }
}

/**
 * A keyboard-usable list of names (ARIA listbox with an active descendant).
 *
 * Focus stays on the list; Up/Down/Home/End/PageUp/PageDown move the active
 * option, Enter or Space opens it. Rows are appended a page at a time, so the
 * 1654-name sound list never renders all at once.
 */
import { h, uid } from './dom';

export interface IRow {
  name: string;
  /** The main text (``bd(8)`` for a sound). */
  label: string;
  /** Secondary text after the label (synonyms). */
  extra?: string;
}

export class ListBox {
  readonly node: HTMLUListElement;
  private rows: IRow[] = [];
  private active = -1;
  private selectedName = '';
  private readonly prefix = uid('jp-Strudel-option');

  constructor(
    label: string,
    private readonly onOpen: (name: string) => void
  ) {
    this.node = h('ul', {
      className: 'jp-Strudel-list',
      role: 'listbox',
      tabindex: 0,
      'aria-label': label
    });
    this.node.addEventListener('keydown', event => this.onKey(event));
    this.node.addEventListener('click', event => {
      const option = (event.target as HTMLElement).closest('[role="option"]');
      if (option) {
        this.setActive(Number(option.getAttribute('data-index')));
        this.open();
      }
    });
    this.node.addEventListener('focus', () => {
      if (this.active < 0 && this.rows.length) {
        this.setActive(0);
      }
    });
  }

  get size(): number {
    return this.rows.length;
  }

  /** The name of the row at `index` (undefined past the end). */
  nameAt(index: number): string | undefined {
    return this.rows[index]?.name;
  }

  /** Replace every row. */
  reset(rows: IRow[]): void {
    this.rows = [];
    this.active = -1;
    this.node.removeAttribute('aria-activedescendant');
    this.node.textContent = '';
    this.extend(rows);
  }

  /** Append rows (the next page). */
  extend(rows: IRow[]): void {
    const fragment = document.createDocumentFragment();
    for (const row of rows) {
      const index = this.rows.length;
      this.rows.push(row);
      fragment.appendChild(
        h(
          'li',
          {
            id: `${this.prefix}-${index}`,
            role: 'option',
            className: 'jp-Strudel-option',
            'data-index': index,
            'data-name': row.name,
            'aria-selected': row.name === this.selectedName ? 'true' : 'false'
          },
          h('span', { className: 'jp-Strudel-optionLabel' }, row.label),
          row.extra ? h('span', { className: 'jp-Strudel-optionExtra' }, row.extra) : null
        )
      );
    }
    this.node.appendChild(fragment);
  }

  /** Mark the row showing in the detail view. */
  select(name: string): void {
    this.selectedName = name;
    for (const option of Array.from(this.node.children)) {
      option.setAttribute('aria-selected', option.getAttribute('data-name') === name ? 'true' : 'false');
    }
  }

  private setActive(index: number): void {
    if (!this.rows.length) {
      return;
    }
    const next = Math.max(0, Math.min(index, this.rows.length - 1));
    this.node.children[this.active]?.classList.remove('jp-mod-active');
    this.active = next;
    const option = this.node.children[next] as HTMLElement;
    option.classList.add('jp-mod-active');
    this.node.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  }

  private open(): void {
    const row = this.rows[this.active];
    if (row) {
      this.select(row.name);
      this.onOpen(row.name);
    }
  }

  private onKey(event: KeyboardEvent): void {
    const page = 10;
    const moves: Record<string, number> = {
      ArrowDown: this.active + 1,
      ArrowUp: this.active - 1,
      PageDown: this.active + page,
      PageUp: this.active - page,
      Home: 0,
      End: this.rows.length - 1
    };
    if (event.key in moves) {
      event.preventDefault();
      this.setActive(moves[event.key]);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.open();
    }
  }
}

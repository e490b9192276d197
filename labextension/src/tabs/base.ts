/**
 * The generic browse tab both REPL tabs are made of: a search box, a group of filter
 * buttons, a status line, a paged list with "Show more", and the detail of one entry.
 *
 * A tab says how to fetch a page and a detail and how to render them; the base keeps the
 * requests in order (a slow answer never overwrites a newer one) and the paging consistent.
 */
import { errorText, Latest } from '../api';
import { IActions } from '../detail';
import { debounce, h, replace } from '../dom';
import { IRow, ListBox } from '../listbox';

/** Rows fetched per request; "Show more" fetches the next page. */
export const PAGE = 200;
const TYPING_PAUSE_MS = 150;

/** What the base reads of a list page (both tabs' pages have it). */
export interface IListPage {
  search: string;
  total: number;
  items: { name: string }[];
  suggestions: string[];
}

/** The labels (and aria labels) of one tab's controls. */
export interface ITabLabels {
  search: string;
  placeholder: string;
  filters: string;
  list: string;
}

function searchBox(label: string, placeholder: string, onInput: (value: string) => void): HTMLInputElement {
  const input = h('input', {
    type: 'search',
    className: 'jp-Strudel-search',
    placeholder,
    'aria-label': label,
    spellcheck: 'false',
    autocomplete: 'off'
  });
  const later = debounce(onInput, TYPING_PAUSE_MS);
  input.addEventListener('input', () => later(input.value));
  return input;
}

/** A toggle in the tab's filter row (a tag or a category), with its count when known. */
export function filterButton(
  label: string,
  count: number | undefined,
  pressed: boolean,
  onClick: () => void
): HTMLElement {
  return h(
    'button',
    {
      type: 'button',
      className: 'jp-Strudel-filter',
      'aria-pressed': pressed ? 'true' : 'false',
      'data-filter': label,
      onClick
    },
    h('span', { className: 'jp-Strudel-filterLabel' }, label),
    count === undefined ? null : h('span', { className: 'jp-Strudel-count' }, String(count))
  );
}

/** Common shape of both tabs: search, filters, status, list, "show more", detail. */
export abstract class BrowseTab<Page extends IListPage, Detail> {
  readonly node: HTMLElement;
  protected readonly input: HTMLInputElement;
  protected readonly filters: HTMLElement;
  protected readonly status: HTMLElement;
  protected readonly list: ListBox;
  protected readonly more: HTMLButtonElement;
  protected readonly detail: HTMLElement;
  protected readonly listArea: HTMLElement;
  protected total = 0;
  protected loaded = false;
  /** Bumped by every new search or filter: answers to an older one are stale. */
  private generation = 0;
  /** The generation whose rows the list shows (-1: none yet). */
  private listed = -1;
  /** The search text of the listed rows: "Show more" continues that search, not what is typed now. */
  private listedSearch = '';
  /** The generation a "Show more" request is fetching for, if any. */
  private pendingMore: number | null = null;
  private readonly latestDetail = new Latest();

  constructor(
    readonly id: string,
    protected readonly actions: IActions,
    labels: ITabLabels
  ) {
    this.input = searchBox(labels.search, labels.placeholder, () => this.onSearch());
    this.input.addEventListener('keydown', event => {
      if (event.key === 'ArrowDown' && this.list.size) {
        event.preventDefault();
        this.list.node.focus();
      } else if (event.key === 'Enter') {
        event.preventDefault();
        this.onSearch();
      }
    });
    this.filters = h('div', { className: 'jp-Strudel-filters', role: 'group', 'aria-label': labels.filters });
    this.status = h('div', { className: 'jp-Strudel-status', role: 'status', 'aria-live': 'polite' });
    this.list = new ListBox(labels.list, name => void this.showDetail(name));
    this.more = h(
      'button',
      { type: 'button', className: 'jp-Strudel-more', hidden: true, onClick: () => void this.load(true) },
      'Show more'
    );
    this.detail = h('div', { className: 'jp-Strudel-detailArea', 'aria-live': 'polite' });
    this.node = h(
      'section',
      { id, role: 'tabpanel', className: 'jp-Strudel-tabpanel' },
      h('div', { className: 'jp-Strudel-controls' }, this.input, this.filters, this.status),
      (this.listArea = h('div', { className: 'jp-Strudel-listArea' }, this.list.node, this.more)),
      this.detail
    );
  }

  /** Fetch the first page for the current search and filter (or, with `more`, the listed one's next page). */
  async load(more = false): Promise<void> {
    return more ? this.loadMore() : this.loadFirst();
  }

  private async loadFirst(): Promise<void> {
    const generation = ++this.generation;
    const search = this.input.value.trim();
    let page: Page;
    try {
      page = await this.fetchPage(search, 0);
    } catch (error) {
      if (generation === this.generation) {
        this.status.textContent = errorText(error);
        this.list.reset([]);
        this.listed = generation;
        this.listArea.hidden = true;
        this.more.hidden = true;
      }
      return;
    }
    if (generation !== this.generation) {
      return; // a newer search or filter was started meanwhile
    }
    this.loaded = true;
    this.listed = generation;
    this.listedSearch = search;
    this.list.reset(this.rows(page));
    this.renderFilters(page);
    this.renderStatus(page);
    this.autoOpen(page);
    this.renderMore(page.total);
  }

  /** The next page of the listed rows; ignored while a new search is loading or a page is on its way. */
  private async loadMore(): Promise<void> {
    const generation = this.generation;
    if (this.listed !== generation || this.pendingMore === generation) {
      return;
    }
    const offset = this.list.size;
    this.pendingMore = generation;
    let page: Page;
    try {
      page = await this.fetchPage(this.listedSearch, offset);
    } catch (error) {
      if (generation === this.generation) {
        this.status.textContent = errorText(error);
      }
      return;
    } finally {
      if (this.pendingMore === generation) {
        this.pendingMore = null;
      }
    }
    // Rows of an older search must not join the new list, nor land at the wrong offset.
    if (generation !== this.generation || this.list.size !== offset) {
      return;
    }
    this.list.extend(this.rows(page));
    this.renderMore(page.total);
  }

  private renderMore(total: number): void {
    this.total = total;
    this.listArea.hidden = this.list.size === 0;
    const left = total - this.list.size;
    this.more.hidden = left <= 0;
    this.more.textContent = `Show ${Math.min(left, PAGE)} more (${left} not shown)`;
  }

  async showDetail(name: string): Promise<void> {
    const fresh = this.latestDetail.next();
    try {
      const item = await this.fetchDetail(name);
      if (fresh()) {
        this.renderDetail(item);
        this.list.select(name);
      }
    } catch (error) {
      if (fresh()) {
        replace(this.detail, h('p', { className: 'jp-Strudel-error' }, errorText(error)));
      }
    }
    // Without a detail the list may take the whole height.
    this.node.classList.toggle('jp-mod-hasDetail', this.detail.childElementCount > 0);
  }

  focus(): void {
    this.input.focus();
    if (!this.loaded) {
      void this.load();
    }
  }

  /** Suggestion buttons when nothing matches; the first one's detail opens. */
  protected renderSuggestions(what: string, page: { search: string; suggestions: string[] }): void {
    const buttons = page.suggestions.map(name =>
      h('button', { type: 'button', className: 'jp-Strudel-link', onClick: () => void this.showDetail(name) }, name)
    );
    replace(
      this.status,
      `No ${what} contains “${page.search}”.`,
      ...(buttons.length ? [' Closest: ', ...buttons] : [])
    );
    if (page.suggestions.length) {
      void this.showDetail(page.suggestions[0]);
    }
  }

  protected onSearch(): void {
    void this.load();
  }

  protected abstract fetchPage(search: string, offset: number): Promise<Page>;
  protected abstract fetchDetail(name: string): Promise<Detail>;
  protected abstract rows(page: Page): IRow[];
  protected abstract renderFilters(page: Page): void;
  protected abstract renderStatus(page: Page): void;
  protected abstract renderDetail(item: Detail): void;

  /** With a search, open the entry whose name is exactly what was typed. */
  protected autoOpen(page: Page): void {
    const typed = page.search.toLowerCase();
    const exact = page.items.find(row => row.name.toLowerCase() === typed);
    if (typed && exact) {
      void this.showDetail(exact.name);
    }
  }
}

/**
 * The generic browse tab both REPL tabs are made of: a search box, a group of filter
 * buttons, a status line, a paged list with "Show more", and the details under it.
 *
 * Typing filters a list held in the browser at once (the tab's names with their tags or
 * categories, fetched once), as the REPL does; the server's page follows a moment later
 * and brings what only the core knows: the status wording, the closest names when nothing
 * matches, and the details to show. A tab says how to fetch a page and a detail and how
 * to render them; the base keeps the requests in order (a slow answer never overwrites a
 * newer one) and the paging consistent.
 */
import { errorText, Latest } from '../api';
import { IActions } from '../detail';
import { debounce, h, replace, rovingTabindex } from '../dom';
import { IRow, ListBox } from '../listbox';

/** Rows fetched per request; "Show more" fetches the next page. */
export const PAGE = 200;
/** The whole tab's rows, fetched once for filtering as you type (the registry has ~1700). */
export const CATALOG = 2000;
/** The server's page follows this long after the last keystroke (the list is already filtered). */
const SERVER_PAUSE_MS = 60;

/** What the base reads of a list page (both tabs' pages have it). */
export interface IListPage<Row extends { name: string }, Detail> {
  search: string;
  total: number;
  items: Row[];
  suggestions: string[];
  status: string;
  details: Detail[];
}

/** The labels (and aria labels) of one tab's controls. */
export interface ITabLabels {
  search: string;
  placeholder: string;
  filters: string;
  list: string;
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

/** Common shape of both tabs: search, filters, status, list, "show more", details. */
export abstract class BrowseTab<Row extends { name: string }, Page extends IListPage<Row, Detail>, Detail> {
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
  /** Every row of the tab (no search, no filter), for filtering as you type; null until fetched. */
  private catalog: Row[] | null = null;
  /** Bumped by every new search or filter: answers to an older one are stale. */
  private generation = 0;
  /** The generation whose rows the list shows (-1: none yet). */
  private listed = -1;
  /** The search text of the listed rows: "Show more" continues that search, not what is typed now. */
  private listedSearch = '';
  /** The generation a "Show more" request is fetching for, if any. */
  private pendingMore: number | null = null;
  private readonly latestDetail = new Latest();
  private readonly roving: { update(): void };

  constructor(
    readonly id: string,
    protected readonly actions: IActions,
    labels: ITabLabels
  ) {
    this.input = h('input', {
      type: 'search',
      className: 'jp-Strudel-search',
      placeholder: labels.placeholder,
      'aria-label': labels.search,
      spellcheck: 'false',
      autocomplete: 'off'
    });
    const askServer = debounce(() => void this.load(), SERVER_PAUSE_MS);
    this.input.addEventListener('input', () => {
      this.onSearchTyped();
      this.filterHere();
      askServer();
    });
    this.input.addEventListener('keydown', event => {
      if (event.key === 'ArrowDown' && this.list.size) {
        event.preventDefault();
        this.list.node.focus();
      } else if (event.key === 'Enter') {
        event.preventDefault();
        void this.load();
      }
    });
    this.filters = h('div', { className: 'jp-Strudel-filters', role: 'toolbar', 'aria-label': labels.filters });
    this.roving = rovingTabindex(this.filters, buttons => buttons.find(b => b.getAttribute('aria-pressed') === 'true'));
    this.status = h('div', { className: 'jp-Strudel-status', role: 'status', 'aria-live': 'polite' });
    this.list = new ListBox(labels.list, name => this.openRow(name));
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
      h(
        'div',
        { className: 'jp-Strudel-body' },
        (this.listArea = h('div', { className: 'jp-Strudel-listArea' }, this.list.node, this.more)),
        this.detail
      )
    );
  }

  /** Fetch the first page for the current search and filter (or, with `more`, the listed one's next page). */
  async load(more = false): Promise<void> {
    return more ? this.loadMore() : this.loadFirst();
  }

  /** Filter the held rows by what is typed now: the list repaints on the keystroke itself. */
  protected filterHere(): void {
    if (!this.catalog) {
      return;
    }
    ++this.generation; // an answer still on its way is for older text
    const search = this.input.value.trim().toLowerCase();
    const rows = this.catalog.filter(row => this.matches(row, search));
    const shown = rows.slice(0, PAGE);
    if (!this.sameRows(shown)) {
      this.list.reset(this.rows(shown));
    }
    this.listArea.hidden = rows.length === 0;
    this.more.hidden = true; // "Show more" returns with the server's page
    this.keepDetails(new Set(rows.map(row => row.name)));
  }

  private async loadFirst(): Promise<void> {
    const generation = ++this.generation;
    const search = this.input.value.trim();
    let page: Page;
    try {
      page = await this.fetchPage(search, 0, PAGE);
    } catch (error) {
      if (generation === this.generation) {
        this.status.textContent = errorText(error);
        this.list.reset([]);
        this.listed = generation;
        this.listArea.hidden = true;
        this.more.hidden = true;
        replace(this.detail);
      }
      return;
    }
    if (generation !== this.generation) {
      return; // a newer search or filter was started meanwhile
    }
    this.loaded = true;
    this.listed = generation;
    this.listedSearch = search;
    if (!this.sameRows(page.items)) {
      this.list.reset(this.rows(page.items));
    }
    this.renderFilters(page);
    this.renderStatus(page);
    this.renderDetails(page);
    this.renderMore(page.total);
    if (!this.catalog) {
      void this.loadCatalog();
    }
  }

  /** The tab's every row, once: from then on typing filters in the browser. */
  private async loadCatalog(): Promise<void> {
    try {
      const page = await this.fetchCatalog(CATALOG);
      // a registry larger than one request would filter wrongly here: leave it to the server
      this.catalog = page.total <= page.items.length ? page.items : null;
    } catch {
      this.catalog = null; // the server's pages still work
    }
  }

  /** Forget the held rows (the registry changed): the next page fetches them again. */
  protected dropCatalog(): void {
    this.catalog = null;
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
      page = await this.fetchPage(this.listedSearch, offset, PAGE);
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
    this.list.extend(this.rows(page.items));
    this.renderMore(page.total);
  }

  private sameRows(rows: Row[]): boolean {
    return this.list.size === rows.length && rows.every((row, i) => this.list.nameAt(i) === row.name);
  }

  private renderMore(total: number): void {
    this.total = total;
    this.listArea.hidden = this.list.size === 0;
    const left = total - this.list.size;
    this.more.hidden = left <= 0;
    this.more.textContent = `Show ${Math.min(left, PAGE)} more (${left} not shown)`;
  }

  /** The status line as the core words it, with the closest names as buttons when nothing matches. */
  protected renderStatus(page: Page): void {
    const buttons = page.total
      ? []
      : page.suggestions.map(name =>
          h('button', { type: 'button', className: 'jp-Strudel-link', onClick: () => void this.showDetail(name) }, name)
        );
    replace(this.status, page.status, ...buttons.flatMap(button => [' ', button]));
  }

  /** The page's details (every match under a search or a tag; the closest name when none matches). */
  private renderDetails(page: Page): void {
    if (page.details.length) {
      replace(this.detail, ...page.details.map(item => this.detailView(item)));
      this.list.select(page.details.length === 1 ? this.detailName(page.details[0]) : '');
    } else {
      // nothing new to show: keep an opened detail only while its entry is still listed
      this.keepDetails(new Set(page.items.map(row => row.name)));
    }
    this.markDetail();
  }

  /** Drop the details of entries the list no longer has (no stale detail above another list). */
  private keepDetails(names: Set<string>): void {
    for (const article of Array.from(this.detail.children)) {
      const name = article.getAttribute('data-name');
      if (name === null || !names.has(name)) {
        article.remove();
      }
    }
    this.markDetail();
  }

  private markDetail(): void {
    // Without a detail the list may take the whole height.
    this.node.classList.toggle('jp-mod-hasDetail', this.detail.childElementCount > 0);
  }

  /**
   * What a row does when clicked or opened with Enter: its detail. When it is one of the
   * details already shown, scroll to it; otherwise show it alone.
   */
  protected openRow(name: string): void {
    const shown = Array.from(this.detail.children).find(article => article.getAttribute('data-name') === name);
    if (shown && this.detail.childElementCount > 1) {
      this.list.select(name);
      shown.scrollIntoView({ block: 'start' });
      return;
    }
    void this.showDetail(name);
  }

  async showDetail(name: string): Promise<void> {
    const fresh = this.latestDetail.next();
    try {
      const item = await this.fetchDetail(name);
      if (fresh()) {
        replace(this.detail, this.detailView(item));
        this.list.select(name);
        this.detail.scrollTop = 0;
      }
    } catch (error) {
      if (fresh()) {
        replace(this.detail, h('p', { className: 'jp-Strudel-error' }, errorText(error)));
      }
    }
    this.markDetail();
  }

  /** Move the keyboard (and the view) to the first detail shown. */
  focusDetail(): void {
    this.detail.querySelector<HTMLElement>('.jp-Strudel-detailTitle')?.focus();
  }

  focus(): void {
    this.input.focus();
    if (!this.loaded) {
      void this.load();
    }
  }

  /** Replace the filter buttons, keeping one tab stop for the whole group. */
  protected setFilterButtons(buttons: HTMLElement[]): void {
    const focused = this.filters.contains(document.activeElement)
      ? (document.activeElement as HTMLElement).getAttribute('data-filter')
      : null;
    replace(this.filters, ...buttons);
    this.roving.update();
    if (focused !== null) {
      this.filters.querySelector<HTMLElement>(`[data-filter="${CSS.escape(focused)}"]`)?.focus();
      this.roving.update();
    }
  }

  /** Called as the search text changes, before filtering (the reference tab resets its tag). */
  protected onSearchTyped(): void {
    // nothing by default
  }

  protected abstract fetchPage(search: string, offset: number, limit: number): Promise<Page>;
  /** Every row, no search, no filter. */
  protected abstract fetchCatalog(limit: number): Promise<Page>;
  protected abstract fetchDetail(name: string): Promise<Detail>;
  /** Does a held row show under this search (lower case) and the tab's current filter? */
  protected abstract matches(row: Row, search: string): boolean;
  protected abstract rows(items: Row[]): IRow[];
  protected abstract renderFilters(page: Page): void;
  protected abstract detailView(item: Detail): HTMLElement;
  protected abstract detailName(item: Detail): string;
}

/**
 * The two REPL tabs (Reference, Sounds) and the knowledge box above them.
 */
import {
  ApiError,
  IBankItem,
  IFunctionItem,
  IKnowledge,
  IReferencePage,
  ISoundItem,
  ISoundsPage,
  Item,
  requestAPI
} from './api';
import { bankDetail, functionDetail, IActions, soundDetail } from './detail';
import { debounce, h, replace, uid } from './dom';
import { IRow, ListBox } from './listbox';

/** Rows fetched per request; "Show more" fetches the next page. */
export const PAGE = 200;
const TYPING_PAUSE_MS = 150;

/** Remembers only the newest request so a slow answer never overwrites a newer one. */
class Latest {
  private counter = 0;
  next(): () => boolean {
    const id = ++this.counter;
    return () => id === this.counter;
  }
}

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
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

function filterButton(label: string, count: number | undefined, pressed: boolean, onClick: () => void): HTMLElement {
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
abstract class BrowseTab {
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
    labels: { search: string; placeholder: string; filters: string; list: string }
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
    let page: IReferencePage | ISoundsPage;
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
    let page: IReferencePage | ISoundsPage;
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

  protected abstract fetchPage(search: string, offset: number): Promise<IReferencePage | ISoundsPage>;
  protected abstract fetchDetail(name: string): Promise<Item>;
  protected abstract rows(page: IReferencePage | ISoundsPage): IRow[];
  protected abstract renderFilters(page: IReferencePage | ISoundsPage): void;
  protected abstract renderStatus(page: IReferencePage | ISoundsPage): void;
  protected abstract renderDetail(item: Item): void;

  /** With a search, open the entry whose name is exactly what was typed. */
  protected autoOpen(page: IReferencePage | ISoundsPage): void {
    const typed = page.search.toLowerCase();
    const exact = page.items.find(row => row.name.toLowerCase() === typed);
    if (typed && exact) {
      void this.showDetail(exact.name);
    }
  }
}

export class ReferenceTab extends BrowseTab {
  private tag = 'all';
  private size: number | undefined;

  constructor(actions: IActions) {
    super(uid('jp-Strudel-reference'), actions, {
      search: 'Search functions by name or synonym',
      placeholder: 'Search functions…',
      filters: 'Filter by tag',
      list: 'Functions'
    });
  }

  protected onSearch(): void {
    this.tag = 'all'; // as in the REPL, typing resets the tag filter
    void this.load();
  }

  protected fetchPage(search: string, offset: number): Promise<IReferencePage> {
    return requestAPI<IReferencePage>(['reference'], {
      search,
      tag: this.tag,
      offset,
      limit: PAGE
    });
  }

  protected fetchDetail(name: string): Promise<IFunctionItem> {
    return requestAPI<IFunctionItem>(['reference', name]);
  }

  protected rows(page: IReferencePage): IRow[] {
    return page.items.map(row => ({ name: row.name, label: row.name, extra: row.synonyms.join(', ') }));
  }

  protected renderFilters(page: IReferencePage): void {
    if (!page.search && page.tag === 'all') {
      this.size = page.total;
    }
    const buttons = [
      filterButton('all', this.size, this.tag === 'all', () => this.setTag('all')),
      ...Object.entries(page.tags).map(([tag, count]) =>
        filterButton(tag, count, this.tag === tag, () => this.setTag(this.tag === tag ? 'all' : tag))
      )
    ];
    replace(this.filters, ...buttons);
  }

  protected renderStatus(page: IReferencePage): void {
    if (page.total === 0 && page.search) {
      this.renderSuggestions('function', page);
      return;
    }
    const filter = page.tag !== 'all' ? ` tagged ${page.tag}` : '';
    const search = page.search ? ` matching “${page.search}”` : '';
    this.status.textContent = `${page.total} function${page.total === 1 ? '' : 's'}${filter}${search}`;
  }

  protected renderDetail(item: IFunctionItem): void {
    replace(this.detail, functionDetail(item, this.actions));
  }

  private setTag(tag: string): void {
    this.tag = tag;
    void this.load();
  }
}

export const SOUND_CATEGORIES = ['samples', 'drum-machines', 'synths', 'wavetables', 'user', 'all'];

export class SoundsTab extends BrowseTab {
  private category = 'all';

  constructor(actions: IActions) {
    super(uid('jp-Strudel-sounds'), actions, {
      search: 'Search sounds by name',
      placeholder: 'Search sounds…',
      filters: 'Sound categories',
      list: 'Sounds'
    });
  }

  setCategory(category: string): void {
    this.category = category;
    void this.load();
  }

  protected fetchPage(search: string, offset: number): Promise<ISoundsPage> {
    return requestAPI<ISoundsPage>(['sounds'], {
      search,
      category: this.category,
      offset,
      limit: PAGE
    });
  }

  protected fetchDetail(name: string): Promise<ISoundItem | IBankItem> {
    return requestAPI<ISoundItem | IBankItem>(['sounds', name]);
  }

  protected rows(page: ISoundsPage): IRow[] {
    return page.items.map(row => ({ name: row.name, label: row.label }));
  }

  protected renderFilters(page: ISoundsPage): void {
    // Under a search the buttons count what matches; otherwise the whole registry.
    const counts = page.search ? page.matching : page.categories;
    replace(
      this.filters,
      ...SOUND_CATEGORIES.map(category =>
        filterButton(category, counts[category], this.category === category, () => this.setCategory(category))
      )
    );
  }

  protected renderStatus(page: ISoundsPage): void {
    if (page.total === 0 && page.search) {
      this.renderSuggestions(`${page.category === 'all' ? '' : page.category + ' '}sound name`, page);
      return;
    }
    if (page.total === 0) {
      this.status.textContent =
        page.category === 'user'
          ? 'No user sounds registered: use register_sounds() or Strudel’s samples().'
          : 'No sounds loaded';
      return;
    }
    const search = page.search ? ` matching “${page.search}”` : '';
    const where = page.category === 'all' ? '' : ` in ${page.category}`;
    this.status.textContent = `${page.total} sound${page.total === 1 ? '' : 's'}${where}${search}`;
  }

  protected renderDetail(item: ISoundItem | IBankItem): void {
    replace(this.detail, item.kind === 'bank' ? bankDetail(item, this.actions) : soundDetail(item, this.actions));
  }
}

/** Free-form questions answered by strudel_knowledge (the same tool agents use). */
export class KnowledgeBox {
  readonly node: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly answer: HTMLElement;
  private readonly latest = new Latest();

  constructor(private readonly actions: IActions) {
    const inputId = uid('jp-Strudel-ask');
    this.input = h('input', {
      id: inputId,
      type: 'search',
      className: 'jp-Strudel-search',
      placeholder: 'Ask: what does room do…',
      title: 'Questions like: what does room do · list synths · is bd available · how to make reverb',
      spellcheck: 'false',
      autocomplete: 'off'
    });
    const later = debounce(() => void this.ask(), 400);
    this.input.addEventListener('input', () => later());
    this.answer = h('div', { className: 'jp-Strudel-answer', role: 'status', 'aria-live': 'polite' });
    const form = h(
      'form',
      { className: 'jp-Strudel-askForm', role: 'search' },
      h('label', { for: inputId, className: 'jp-Strudel-askLabel' }, 'Ask'),
      this.input,
      h('button', { type: 'submit', className: 'jp-Strudel-action', 'aria-label': 'Ask Strudel knowledge' }, 'Ask')
    );
    form.addEventListener('submit', event => {
      event.preventDefault();
      void this.ask();
    });
    this.node = h(
      'section',
      { className: 'jp-Strudel-knowledge', 'aria-label': 'Strudel knowledge' },
      form,
      this.answer
    );
  }

  async ask(): Promise<void> {
    const q = this.input.value.trim();
    const fresh = this.latest.next();
    if (!q) {
      replace(this.answer);
      return;
    }
    try {
      const reply = await requestAPI<IKnowledge>(['knowledge'], { q });
      if (fresh()) {
        this.render(reply);
      }
    } catch (error) {
      if (fresh()) {
        replace(this.answer, h('p', { className: 'jp-Strudel-error' }, errorText(error)));
      }
    }
  }

  private render(reply: IKnowledge): void {
    const open = (item: Item) => this.actions.show(item.kind === 'function' ? 'reference' : 'sounds', item.name);
    const items = reply.items
      .slice(0, 8)
      .map(item =>
        h(
          'li',
          {},
          h(
            'button',
            { type: 'button', className: 'jp-Strudel-link', onClick: () => open(item), title: `Open ${item.name}` },
            item.kind === 'bank' ? item.label : item.name
          ),
          h('span', { className: 'jp-Strudel-kind' }, item.kind)
        )
      );
    const suggestions = (reply.suggestions ?? []).map(name =>
      h(
        'li',
        {},
        h('button', { type: 'button', className: 'jp-Strudel-link', onClick: () => this.openName(name) }, name)
      )
    );
    replace(
      this.answer,
      h(
        'p',
        { className: reply.ok ? 'jp-Strudel-answerText' : 'jp-Strudel-answerText jp-Strudel-muted' },
        reply.answer
      ),
      items.length
        ? h('ul', { className: 'jp-Strudel-chips jp-Strudel-links', 'aria-label': 'Results' }, ...items)
        : null,
      suggestions.length
        ? h('ul', { className: 'jp-Strudel-chips jp-Strudel-links', 'aria-label': 'Did you mean' }, ...suggestions)
        : null
    );
  }

  /** A suggestion is a real name, but of which kind? Try the reference, then the sounds. */
  private async openName(name: string): Promise<void> {
    try {
      await requestAPI(['reference', name]);
      this.actions.show('reference', name);
    } catch {
      this.actions.show('sounds', name);
    }
  }
}

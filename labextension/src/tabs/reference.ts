/**
 * The REPL's Reference tab: functions by name or synonym, filtered by one tag.
 */
import { FunctionDetail, ReferencePage, requestAPI } from '../api';
import { functionDetail, IActions } from '../detail';
import { uid } from '../dom';
import { IRow } from '../listbox';
import { BrowseTab, filterButton } from './base';

type ReferenceRow = ReferencePage['items'][number];

export class ReferenceTab extends BrowseTab<ReferenceRow, ReferencePage, FunctionDetail> {
  private tag = 'all';
  /** The whole reference's size, for the "all" button (learnt from an unfiltered page). */
  private size: number | undefined;

  constructor(actions: IActions) {
    super(uid('jp-Strudel-reference'), actions, {
      search: 'Search functions by name or synonym',
      placeholder: 'Search functions…',
      filters: 'Filter by tag',
      list: 'Functions'
    });
  }

  protected onSearchTyped(): void {
    this.tag = 'all'; // as in the REPL, typing resets the tag filter
  }

  protected fetchPage(search: string, offset: number, limit: number): Promise<ReferencePage> {
    return requestAPI<ReferencePage>(['reference'], { search, tag: this.tag, offset, limit });
  }

  protected fetchCatalog(limit: number): Promise<ReferencePage> {
    return requestAPI<ReferencePage>(['reference'], { limit });
  }

  protected fetchDetail(name: string): Promise<FunctionDetail> {
    return requestAPI<FunctionDetail>(['reference', name]);
  }

  /** The REPL's rule: the text in the name or a synonym; the tag among the entry's tags. */
  protected matches(row: ReferenceRow, search: string): boolean {
    const named = !search || [row.name, ...row.synonyms].some(n => n.toLowerCase().includes(search));
    return named && (this.tag === 'all' || row.tags.includes(this.tag));
  }

  protected rows(items: ReferenceRow[]): IRow[] {
    return items.map(row => ({ name: row.name, label: row.name, extra: row.synonyms.join(', ') }));
  }

  protected renderFilters(page: ReferencePage): void {
    if (!page.search && page.tag === 'all') {
      this.size = page.total;
    }
    this.setFilterButtons([
      filterButton('all', this.size, this.tag === 'all', () => this.setTag('all')),
      ...Object.entries(page.tags).map(([tag, count]) =>
        filterButton(tag, count, this.tag === tag, () => this.setTag(this.tag === tag ? 'all' : tag))
      )
    ]);
  }

  protected detailView(item: FunctionDetail): HTMLElement {
    return functionDetail(item, this.actions);
  }

  protected detailName(item: FunctionDetail): string {
    return item.name;
  }

  private setTag(tag: string): void {
    this.tag = tag;
    for (const button of Array.from(this.filters.children)) {
      button.setAttribute('aria-pressed', button.getAttribute('data-filter') === tag ? 'true' : 'false');
    }
    this.filterHere();
    void this.load();
  }
}

/**
 * The REPL's Reference tab: functions by name or synonym, filtered by one tag.
 */
import { FunctionDetail, ReferencePage, requestAPI } from '../api';
import { functionDetail, IActions } from '../detail';
import { replace, uid } from '../dom';
import { IRow } from '../listbox';
import { BrowseTab, filterButton, PAGE } from './base';

export class ReferenceTab extends BrowseTab<ReferencePage, FunctionDetail> {
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

  protected onSearch(): void {
    this.tag = 'all'; // as in the REPL, typing resets the tag filter
    void this.load();
  }

  protected fetchPage(search: string, offset: number): Promise<ReferencePage> {
    return requestAPI<ReferencePage>(['reference'], {
      search,
      tag: this.tag,
      offset,
      limit: PAGE
    });
  }

  protected fetchDetail(name: string): Promise<FunctionDetail> {
    return requestAPI<FunctionDetail>(['reference', name]);
  }

  protected rows(page: ReferencePage): IRow[] {
    return page.items.map(row => ({ name: row.name, label: row.name, extra: row.synonyms.join(', ') }));
  }

  protected renderFilters(page: ReferencePage): void {
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

  protected renderStatus(page: ReferencePage): void {
    if (page.total === 0 && page.search) {
      this.renderSuggestions('function', page);
      return;
    }
    const filter = page.tag !== 'all' ? ` tagged ${page.tag}` : '';
    const search = page.search ? ` matching “${page.search}”` : '';
    this.status.textContent = `${page.total} function${page.total === 1 ? '' : 's'}${filter}${search}`;
  }

  protected renderDetail(item: FunctionDetail): void {
    replace(this.detail, functionDetail(item, this.actions));
  }

  private setTag(tag: string): void {
    this.tag = tag;
    void this.load();
  }
}

/**
 * The REPL's Sounds tab: sound names with sample counts, under one category button.
 */
import { requestAPI, SoundEntryReply, SoundsPage } from '../api';
import { bankDetail, IActions, soundDetail } from '../detail';
import { uid } from '../dom';
import { IRow } from '../listbox';
import { BrowseTab, filterButton } from './base';

type SoundRow = SoundsPage['items'][number];

/** The category buttons, in the REPL's order. */
export const SOUND_CATEGORIES = ['samples', 'drum-machines', 'synths', 'wavetables', 'user', 'all'];

export class SoundsTab extends BrowseTab<SoundRow, SoundsPage, SoundEntryReply> {
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
    for (const button of Array.from(this.filters.children)) {
      button.setAttribute('aria-pressed', button.getAttribute('data-filter') === category ? 'true' : 'false');
    }
    this.filterHere();
    void this.load();
  }

  /** The registry changed (sounds registered or removed): list it again. */
  refresh(): void {
    this.dropCatalog();
    void this.load();
  }

  protected fetchPage(search: string, offset: number, limit: number): Promise<SoundsPage> {
    return requestAPI<SoundsPage>(['sounds'], { search, category: this.category, offset, limit });
  }

  protected fetchCatalog(limit: number): Promise<SoundsPage> {
    return requestAPI<SoundsPage>(['sounds'], { limit });
  }

  protected fetchDetail(name: string): Promise<SoundEntryReply> {
    return requestAPI<SoundEntryReply>(['sounds', name]);
  }

  /** The REPL's rule: the text in the name; the sound under the current category. */
  protected matches(row: SoundRow, search: string): boolean {
    return (!search || row.name.includes(search)) && row.categories.includes(this.category);
  }

  protected rows(items: SoundRow[]): IRow[] {
    return items.map(row => ({ name: row.name, label: row.label }));
  }

  protected renderFilters(page: SoundsPage): void {
    // Under a search the buttons count what matches; otherwise the whole registry.
    const counts = page.search ? page.matching : page.categories;
    this.setFilterButtons(
      SOUND_CATEGORIES.map(category =>
        filterButton(category, counts[category], this.category === category, () => this.setCategory(category))
      )
    );
  }

  protected detailView(item: SoundEntryReply): HTMLElement {
    return item.kind === 'bank' ? bankDetail(item, this.actions) : soundDetail(item, this.actions);
  }

  protected detailName(item: SoundEntryReply): string {
    return item.name;
  }
}

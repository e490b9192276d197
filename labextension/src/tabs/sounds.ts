/**
 * The REPL's Sounds tab: sound names with sample counts, under one category button.
 */
import { requestAPI, SoundEntryReply, SoundsPage } from '../api';
import { Audition } from '../audio/audition';
import { bankDetail, IActions, soundDetail } from '../detail';
import { replace, uid } from '../dom';
import { IRow } from '../listbox';
import { BrowseTab, filterButton, PAGE } from './base';

/** The category buttons, in the REPL's order. */
export const SOUND_CATEGORIES = ['samples', 'drum-machines', 'synths', 'wavetables', 'user', 'all'];

export class SoundsTab extends BrowseTab<SoundsPage, SoundEntryReply> {
  private category = 'all';
  /** Plays a sound on click or Enter, as the REPL's tab does (../audio/audition.ts). */
  readonly audition: Audition;

  constructor(actions: IActions) {
    super(uid('jp-Strudel-sounds'), actions, {
      search: 'Search sounds by name',
      placeholder: 'Search sounds…',
      filters: 'Sound categories',
      list: 'Sounds'
    });
    this.audition = new Audition(this.node, this.list.node);
    this.status.after(this.audition.node);
  }

  setCategory(category: string): void {
    this.category = category;
    void this.load();
  }

  protected fetchPage(search: string, offset: number): Promise<SoundsPage> {
    return requestAPI<SoundsPage>(['sounds'], {
      search,
      category: this.category,
      offset,
      limit: PAGE
    });
  }

  protected fetchDetail(name: string): Promise<SoundEntryReply> {
    return requestAPI<SoundEntryReply>(['sounds', name]);
  }

  protected rows(page: SoundsPage): IRow[] {
    return page.items.map(row => ({ name: row.name, label: row.label }));
  }

  protected renderFilters(page: SoundsPage): void {
    // Under a search the buttons count what matches; otherwise the whole registry.
    const counts = page.search ? page.matching : page.categories;
    replace(
      this.filters,
      ...SOUND_CATEGORIES.map(category =>
        filterButton(category, counts[category], this.category === category, () => this.setCategory(category))
      )
    );
  }

  protected renderStatus(page: SoundsPage): void {
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

  protected renderDetail(item: SoundEntryReply): void {
    replace(this.detail, item.kind === 'bank' ? bankDetail(item, this.actions) : soundDetail(item, this.actions));
  }
}

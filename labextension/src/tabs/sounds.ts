/**
 * The REPL's Sounds tab: sound names with sample counts, under one category button.
 */
import { Audition } from '../audio/audition';
import { errorText, requestAPI, SoundEntryReply, SoundsPage, UserSoundsReply } from '../api';
import { bankDetail, IActions, soundDetail } from '../detail';
import { h, uid } from '../dom';
import { IRow } from '../listbox';
import { BrowseTab, filterButton } from './base';

type SoundRow = SoundsPage['items'][number];

/** How often the tab asks whether your sounds changed (a kernel may register some). */
const USER_POLL_MS = 700;

/** The category buttons, in the REPL's order. */
export const SOUND_CATEGORIES = ['samples', 'drum-machines', 'synths', 'wavetables', 'user', 'all'];

export class SoundsTab extends BrowseTab<SoundRow, SoundsPage, SoundEntryReply> {
  private category = 'all';
  /** Plays a sound on click or Enter, as the REPL's tab does (../audio/audition.ts). */
  readonly audition: Audition;
  private version: number | undefined;
  private readonly userTools: HTMLElement;
  private readonly importInput: HTMLInputElement;
  private readonly userNote: HTMLElement;

  constructor(actions: IActions) {
    super(uid('jp-Strudel-sounds'), actions, {
      search: 'Search sounds by name',
      placeholder: 'Search sounds…',
      filters: 'Sound categories',
      list: 'Sounds'
    });
    this.audition = new Audition(this.node, this.list.node);
    this.status.after(this.audition.node);
    this.importInput = h('input', {
      type: 'text',
      className: 'jp-Strudel-search',
      placeholder: 'Folder in Jupyter, or strudel.json URL',
      'aria-label': 'Import sounds from a folder of the Jupyter root or a strudel.json URL',
      spellcheck: 'false'
    });
    this.importInput.addEventListener('keydown', event => {
      if (event.key === 'Enter') {
        event.preventDefault();
        void this.importSounds();
      }
    });
    this.userNote = h('div', { className: 'jp-Strudel-userNote', role: 'status' });
    this.userTools = h(
      'div',
      { className: 'jp-Strudel-userTools', hidden: true },
      h(
        'div',
        { className: 'jp-Strudel-askForm' },
        this.importInput,
        h(
          'button',
          { type: 'button', className: 'jp-Strudel-action', onClick: () => void this.importSounds() },
          'Import'
        ),
        h(
          'button',
          { type: 'button', className: 'jp-Strudel-action', onClick: () => void this.removeAll() },
          'Remove all'
        )
      ),
      this.userNote
    );
    this.node.querySelector('.jp-Strudel-controls')?.append(this.userTools);
    window.setInterval(() => void this.pollUserSounds(), USER_POLL_MS);
  }

  /** Your sounds changed in a kernel or here: list again (only while the tab is on screen). */
  private async pollUserSounds(): Promise<void> {
    if (this.node.hidden || !this.node.isConnected || document.hidden) {
      return;
    }
    try {
      const reply = await requestAPI<UserSoundsReply>(['user-sounds']);
      this.showUserSounds(reply);
    } catch {
      // the next poll tries again
    }
  }

  private showUserSounds(reply: UserSoundsReply): void {
    this.userNote.textContent = reply.problems.length ? `Problems in your sounds: ${reply.problems.join('; ')}` : '';
    // the registry the list shows is older: sounds came or went (in a kernel, or here)
    if (this.version !== undefined && reply.version !== this.version) {
      this.version = reply.version;
      this.refresh();
    }
  }

  private async userRequest(init: RequestInit, params: Record<string, string> = {}): Promise<void> {
    try {
      const reply = await requestAPI<UserSoundsReply>(['user-sounds'], params, undefined, init);
      this.userNote.textContent = reply.added
        ? `Imported ${reply.added.length} sound${reply.added.length === 1 ? '' : 's'}`
        : `Removed ${reply.removed?.length ?? 0}`;
      this.refresh();
    } catch (error) {
      this.userNote.textContent = errorText(error);
    }
  }

  private async importSounds(): Promise<void> {
    const source = this.importInput.value.trim();
    if (!source) {
      return;
    }
    if (/^https?:\/\//.test(source)) {
      // the browser fetches the map (the server may be offline); its folder is the base URL
      let sampleMap: unknown;
      try {
        sampleMap = await (await fetch(source)).json();
      } catch (error) {
        this.userNote.textContent = `Could not read ${source}: ${String(error)}`;
        return;
      }
      // a map's own `_base` wins, as in Strudel's samples(url)
      const own = typeof sampleMap === 'object' && sampleMap !== null && '_base' in sampleMap;
      const body = { sample_map: sampleMap, base_url: own ? undefined : source.replace(/[^/]*$/, '') };
      await this.userRequest({ method: 'POST', body: JSON.stringify(body) });
    } else {
      await this.userRequest({ method: 'POST', body: JSON.stringify({ folder: source }) });
    }
  }

  private async removeAll(): Promise<void> {
    await this.userRequest({ method: 'DELETE' });
  }

  setCategory(category: string): void {
    this.category = category;
    this.userTools.hidden = category !== 'user';
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
    this.version = page.version;
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

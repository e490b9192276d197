/**
 * The left-sidebar panel: a knowledge box on top, then the REPL's Reference and Sounds tabs.
 */
import { Message } from '@lumino/messaging';
import { Widget } from '@lumino/widgets';

import { IActions } from './detail';
import { h } from './dom';
import { KnowledgeBox } from './knowledge';
import { ReferenceTab } from './tabs/reference';
import { SoundsTab } from './tabs/sounds';

export type TabName = 'reference' | 'sounds';

export class StrudelPanel extends Widget {
  readonly reference: ReferenceTab;
  readonly sounds: SoundsTab;
  readonly knowledge: KnowledgeBox;
  private current: TabName = 'reference';
  private readonly tabs: Record<TabName, HTMLButtonElement>;

  constructor(actions: Omit<IActions, 'show'>) {
    super();
    this.addClass('jp-StrudelPanel');
    const full: IActions = { ...actions, show: (kind, name) => this.showEntry(kind, name) };
    this.reference = new ReferenceTab(full);
    this.sounds = new SoundsTab(full);
    this.knowledge = new KnowledgeBox(full);
    const tab = (name: TabName, label: string, panel: HTMLElement) =>
      h(
        'button',
        {
          type: 'button',
          role: 'tab',
          id: `${panel.id}-tab`,
          className: 'jp-Strudel-tab',
          'aria-controls': panel.id,
          'data-tab': name,
          onClick: () => this.selectTab(name)
        },
        label
      );
    this.tabs = {
      reference: tab('reference', 'Reference', this.reference.node),
      sounds: tab('sounds', 'Sounds', this.sounds.node)
    };
    this.reference.node.setAttribute('aria-labelledby', this.tabs.reference.id);
    this.sounds.node.setAttribute('aria-labelledby', this.tabs.sounds.id);
    const tablist = h(
      'div',
      { className: 'jp-Strudel-tablist', role: 'tablist', 'aria-label': 'Strudel REPL tabs' },
      this.tabs.reference,
      this.tabs.sounds
    );
    tablist.addEventListener('keydown', event => {
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        const next = this.current === 'reference' ? 'sounds' : 'reference';
        this.selectTab(next);
        this.tabs[next].focus();
      }
    });
    this.node.append(
      h('header', { className: 'jp-Strudel-header' }, h('h1', {}, 'Strudel')),
      this.knowledge.node,
      tablist,
      this.reference.node,
      this.sounds.node
    );
    this.selectTab('reference', false);
  }

  /** Switch tab; the tab's data loads the first time it is shown. */
  selectTab(name: TabName, focus = true): void {
    this.current = name;
    for (const [key, button] of Object.entries(this.tabs) as [TabName, HTMLButtonElement][]) {
      const selected = key === name;
      button.setAttribute('aria-selected', selected ? 'true' : 'false');
      button.tabIndex = selected ? 0 : -1;
      this[key].node.hidden = !selected;
    }
    if (focus) {
      this[name].focus();
    }
  }

  /** Put the keyboard in the current tab's search box (the sidebar was opened by a command). */
  focusSearch(): void {
    this[this.current].focus();
  }

  /** Open one entry's detail in its tab. */
  showEntry(kind: TabName, name: string): void {
    this.selectTab(kind, false);
    // the detail's heading takes the focus, which scrolls it into view
    void this[kind].showDetail(name).then(() => this[kind].focusDetail());
    if (!this[kind].node.querySelector('[role="option"]')) {
      void this[kind].load();
    }
  }

  protected onAfterAttach(msg: Message): void {
    super.onAfterAttach(msg);
    void this.reference.load();
    void this.sounds.load();
  }

  protected onActivateRequest(msg: Message): void {
    super.onActivateRequest(msg);
    if (this.isAttached) {
      this[this.current].focus();
    }
  }
}

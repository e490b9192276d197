/**
 * The knowledge box above the tabs: free-form questions answered by strudel_knowledge
 * (the same tool agents use), with links that open an answer's entries in their tab.
 */
import { errorText, Item, KnowledgeReply, Latest, requestAPI } from './api';
import { IActions } from './detail';
import { debounce, h, replace, uid } from './dom';

/** Answers shown as links; the rest stay in the answer text. */
const SHOWN_ITEMS = 8;
const TYPING_PAUSE_MS = 400;

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
    const later = debounce(() => void this.ask(), TYPING_PAUSE_MS);
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
      const reply = await requestAPI<KnowledgeReply>(['knowledge'], { q });
      if (fresh()) {
        this.render(reply);
      }
    } catch (error) {
      if (fresh()) {
        replace(this.answer, h('p', { className: 'jp-Strudel-error' }, errorText(error)));
      }
    }
  }

  private render(reply: KnowledgeReply): void {
    const open = (item: Item) => this.actions.show(item.kind === 'function' ? 'reference' : 'sounds', item.name);
    // A failure's items are optional in the contract (the core sends [] today).
    const items = (reply.items ?? [])
      .slice(0, SHOWN_ITEMS)
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
    // Only a failure suggests names.
    const suggestions = (reply.ok ? [] : reply.suggestions).map(name =>
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

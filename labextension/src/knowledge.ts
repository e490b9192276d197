/**
 * The knowledge box above the tabs: free-form questions answered by strudel_knowledge
 * (the same tool agents use), with links that open an answer's entries in their tab.
 */
import { errorText, Item, KnowledgeReply, Latest, PageCitation, requestAPI } from './api';
import { IActions } from './detail';
import { debounce, h, replace, uid } from './dom';

/** Only the website's own addresses become links (a tutorial page an answer cites). */
const TUTORIAL_SITE = 'https://strudel.cc/';

/** Answers shown as links; the rest stay in the answer text. */
const SHOWN_ITEMS = 8;
/** A question runs on Enter, or once typing has really paused (not after half a question). */
const TYPING_PAUSE_MS = 1200;
const SHORTEST_QUESTION = 3;

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
    const later = debounce(() => {
      if (this.input.value.trim().length >= SHORTEST_QUESTION) {
        void this.ask();
      }
    }, TYPING_PAUSE_MS);
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
    const items = (reply.items ?? []).slice(0, SHOWN_ITEMS);
    // Only a failure suggests names.
    const suggestions = (reply.ok ? [] : reply.suggestions).map(name =>
      h(
        'li',
        {},
        h('button', { type: 'button', className: 'jp-Strudel-link', onClick: () => this.openName(name) }, name)
      )
    );
    const total = (reply.ok ? reply.total : undefined) ?? reply.items?.length ?? 0;
    const summary = items.length
      ? `${total} result${total === 1 ? '' : 's'} for “${reply.query}”`
      : firstSentence(reply.answer);
    replace(
      this.answer,
      h(
        'details',
        { className: 'jp-Strudel-answerBox', open: true },
        h(
          'summary',
          { className: reply.ok ? 'jp-Strudel-answerText' : 'jp-Strudel-answerText jp-Strudel-muted' },
          summary
        ),
        items.length
          ? h(
              'ul',
              { className: 'jp-Strudel-answerItems', 'aria-label': 'Results' },
              ...items.map(item => this.itemView(item))
            )
          : null,
        suggestions.length
          ? h('ul', { className: 'jp-Strudel-chips jp-Strudel-links', 'aria-label': 'Did you mean' }, ...suggestions)
          : null,
        reply.ok ? tutorialView(reply.pages ?? []) : null
      )
    );
  }

  /** One result: its name (opens it in its tab), kind, one line about it, and how to use it. */
  private itemView(item: Item): HTMLElement {
    const open = () => {
      this.collapse(); // the tab below gets the room for the detail
      this.actions.show(item.kind === 'function' ? 'reference' : 'sounds', item.name);
    };
    const name = item.kind === 'bank' ? item.label : item.name;
    return h(
      'li',
      { className: 'jp-Strudel-answerItem' },
      h(
        'div',
        { className: 'jp-Strudel-answerHead' },
        h('button', { type: 'button', className: 'jp-Strudel-link', onClick: open, title: `Open ${name}` }, name),
        h('span', { className: 'jp-Strudel-kind' }, item.kind)
      ),
      h('div', { className: 'jp-Strudel-answerLine' }, oneLine(item)),
      item.usage ? h('pre', { className: 'jp-Strudel-answerUsage' }, h('code', {}, item.usage)) : null
    );
  }

  private collapse(): void {
    const box = this.answer.querySelector('details');
    if (box) {
      box.open = false;
    }
  }

  /** A suggestion is a real name, but of which kind? Try the reference, then the sounds. */
  private async openName(name: string): Promise<void> {
    this.collapse();
    try {
      await requestAPI(['reference', name]);
      this.actions.show('reference', name);
    } catch {
      this.actions.show('sounds', name);
    }
  }
}

/** The tutorial pages an answer cites: a link to the website's section, the page's path beside it. */
function tutorialView(pages: PageCitation[]): HTMLElement | null {
  if (!pages.length) {
    return null;
  }
  return h(
    'div',
    { className: 'jp-Strudel-tutorial' },
    'Tutorial: ',
    ...pages.map(page => {
      const label = [page.title, page.heading].filter(Boolean).join(' › ') || page.source;
      const link = page.url.startsWith(TUTORIAL_SITE)
        ? h('a', { href: page.url, target: '_blank', rel: 'noopener noreferrer', title: page.url }, label)
        : h('span', {}, label);
      return h('span', { className: 'jp-Strudel-tutorialPage' }, link, ' ', h('code', {}, page.source));
    })
  );
}

function firstSentence(text: string): string {
  const end = text.search(/[.!?](\s|$)/);
  return end < 0 ? text : text.slice(0, end + 1);
}

/** One line about an item: a function's first sentence; a sound's or bank's kind and size. */
function oneLine(item: Item): string {
  if (item.kind === 'function') {
    return firstSentence(item.description);
  }
  if (item.kind === 'bank') {
    return `${item.category} bank, ${item.count} sound${item.count === 1 ? '' : 's'}`;
  }
  const count = item.count === null ? '' : `, ${item.count} ${item.type === 'wavetable' ? 'tables' : 'samples'}`;
  return `${item.type} in ${item.category}${count}`;
}

/**
 * Audition in the Sounds tab, as in the REPL: a click on a sound (or Enter on the focused
 * row) plays it once; holding a number key while clicking picks that sample index, and a
 * visible "sample" field does the same. Small on purpose: the engine loads on the first click.
 */
import { requestAPI } from '../api';
import { h, MessageLine } from '../dom';
import { loadAudio, problemDetails, problemText, SoundSourcesReply } from './index';

/** A loading message shows only when the sound takes this long (cached sounds play at once). */
const LOADING_DELAY_MS = 150;

/** The audition controls of one Sounds tab: the sample-index field and the play status line. */
export class Audition {
  readonly node: HTMLElement;
  readonly index: HTMLInputElement;
  readonly status: MessageLine;
  /** The digit held down (REPL: hold a number key and click), or null. */
  private heldDigit: number | null = null;
  private latest = 0;

  constructor(tab: HTMLElement, list: HTMLElement) {
    this.index = h('input', {
      type: 'number',
      min: 0,
      step: 1,
      value: 0,
      className: 'jp-Strudel-auditionIndex',
      'aria-label': 'Sample index to play (hold a number key while clicking to pick one)'
    });
    this.status = new MessageLine('jp-Strudel-auditionStatus');
    this.node = h(
      'div',
      { className: 'jp-Strudel-audition' },
      h(
        'label',
        { className: 'jp-Strudel-auditionLabel', title: 'Click a sound (or press Enter) to hear it' },
        '▶ plays on click · sample ',
        this.index
      ),
      this.status.node
    );
    list.addEventListener('click', event => {
      const option = (event.target as HTMLElement).closest('[role="option"]');
      const name = option?.getAttribute('data-name');
      if (name) {
        void this.play(name);
      }
    });
    list.addEventListener('keydown', event => {
      if (event.key === 'Enter' || event.key === ' ') {
        const active = list.getAttribute('aria-activedescendant');
        const name = active ? document.getElementById(active)?.getAttribute('data-name') : null;
        if (name) {
          void this.play(name);
        }
      }
    });
    tab.addEventListener('keydown', event => {
      if (/^[0-9]$/.test(event.key) && !(event.target instanceof HTMLInputElement)) {
        this.heldDigit = Number(event.key);
      }
    });
    tab.addEventListener('keyup', event => {
      if (/^[0-9]$/.test(event.key)) {
        this.heldDigit = null;
      }
    });
  }

  /** Play `name` once at the held digit's index, else the field's; says what happens in the status line. */
  async play(name: string): Promise<void> {
    const n = this.heldDigit ?? Math.max(0, Math.floor(Number(this.index.value) || 0));
    if (this.heldDigit !== null) {
      this.index.value = String(this.heldDigit);
    }
    const label = n ? `${name}:${n}` : name;
    const id = ++this.latest;
    const loading = window.setTimeout(() => this.say(id, `Loading ${label}…`, 'loading'), LOADING_DELAY_MS);
    try {
      const [audio, sources] = await Promise.all([
        loadAudio(),
        // Sounds registered in the server since the engine started.
        requestAPI<SoundSourcesReply>(['sound-sources']).catch(() => null)
      ]);
      await audio.audition(name, n, sources?.user ?? {});
      this.say(id, `Played ${label}`, 'played');
    } catch (error) {
      this.say(id, problemText(error), 'error', problemDetails(error));
    } finally {
      window.clearTimeout(loading);
    }
  }

  private say(id: number, text: string, state: 'loading' | 'played' | 'error', details: string[] = []): void {
    if (id === this.latest) {
      this.status.set(text, details);
      this.status.node.setAttribute('data-state', state);
      this.status.node.classList.toggle('jp-Strudel-error', state === 'error');
    }
  }
}

/**
 * Playable notebook outputs (`%%strudel --play`, `strudel_jupyter.play(...)`) and the
 * "Stop all Strudel audio" command.
 *
 * The output is its own MIME type, `application/vnd.strudel.pattern+json`:
 *   {kind: "pattern", code, validation: {ok, summary, findings}, sounds, view?}  a pattern, play / stop
 *   {kind: "sound", sound, n, sounds, autoplay_until}                  one sound (the panel's audition)
 * Strudel code is JavaScript run in this browser, so nothing evaluates without a click on
 * Play, an output of an untrusted notebook never evaluates (the renderer is told
 * `trusted: false` and offers no Play), and the code shown is exactly the string evaluated.
 */
import { JupyterFrontEnd, JupyterFrontEndPlugin } from '@jupyterlab/application';
import { ICommandPalette } from '@jupyterlab/apputils';
import { IRenderMimeRegistry } from '@jupyterlab/rendermime';
import { IRenderMime } from '@jupyterlab/rendermime-interfaces';
import { Widget } from '@lumino/widgets';

import { IPlayState, loadAudio, loadedAudio, problemDetails, problemText, stopAllAudio, UserSound } from './audio';
import { h, MessageLine, replace, uid } from './dom';

export const PATTERN_MIME = 'application/vnd.strudel.pattern+json';
const SVG_MIME = 'image/svg+xml';

/** The picture of what the code plays, which the kernel puts beside the pattern in the bundle. */
function picture(svg: unknown): HTMLElement | null {
  if (typeof svg !== 'string' || !svg) {
    return null;
  }
  // An <img> of a data URL: whatever the SVG holds (even in an untrusted notebook), nothing runs.
  return h('img', {
    className: 'jp-Strudel-picture',
    alt: 'What the pattern plays',
    src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
  });
}

export const AudioCommandIDs = {
  stopAll: 'strudel-jupyter:stop-all-audio'
} as const;

interface IFinding {
  severity: string;
  kind: string;
  message: string;
  line: number;
  column: number;
  suggestions?: string[];
}

interface IPatternData {
  kind?: 'pattern' | 'sound';
  /** `check`: `%%strudel`'s report with a play action (findings, code, then the buttons). */
  view?: 'player' | 'check';
  code?: string;
  validation?: { ok: boolean; summary: string; findings: IFinding[] };
  sounds?: Record<string, UserSound>;
  sound?: string;
  n?: number;
  /** For a sound: play on arrival until this time (ms since the epoch), i.e. only right after the click. */
  autoplay_until?: number;
}

function findingsList(validation: IPatternData['validation'], trusted: boolean): HTMLElement | null {
  if (!validation) {
    return null;
  }
  // An untrusted notebook's saved findings are its author's word, not this validator's.
  const title = trusted ? 'Validator' : 'Validator (as saved in the notebook)';
  if (!validation.findings.length) {
    return h('p', { className: 'jp-Strudel-findingsOk' }, `${title}: ${validation.summary}`);
  }
  return h(
    'div',
    { className: 'jp-Strudel-validation' },
    h('p', { className: validation.ok ? '' : 'jp-Strudel-error' }, `Validator: ${validation.summary}`),
    h(
      'ul',
      { className: 'jp-Strudel-findings' },
      ...validation.findings.map(f =>
        h(
          'li',
          { className: 'jp-Strudel-finding', 'data-severity': f.severity },
          `${f.line}:${f.column} ${f.severity} [${f.kind}] ${f.message}`,
          f.suggestions?.length ? ` (did you mean: ${f.suggestions.join(', ')})` : ''
        )
      )
    )
  );
}

/** One playable output: play / stop, what plays, the validator's findings, the code. */
export class PatternOutput extends Widget implements IRenderMime.IRenderer {
  private readonly owner = uid('strudel-pattern');
  private data: IPatternData = {};
  private trusted = false;
  private unsubscribe: (() => void) | null = null;
  private readonly play: HTMLButtonElement;
  private readonly stop: HTMLButtonElement;
  private readonly state: MessageLine;

  constructor() {
    super();
    this.addClass('jp-Strudel-pattern');
    this.play = h('button', { type: 'button', className: 'jp-mod-styled jp-mod-accept jp-Strudel-play' }, '▶ Play');
    this.stop = h('button', { type: 'button', className: 'jp-mod-styled jp-Strudel-stop' }, '■ Stop');
    this.state = new MessageLine('jp-Strudel-patternState');
    this.play.addEventListener('click', () => void this.start());
    this.stop.addEventListener('click', () => void loadedAudio()?.then(audio => audio.stop(this.owner)));
  }

  renderModel(model: IRenderMime.IMimeModel): Promise<void> {
    this.data = (model.data[PATTERN_MIME] ?? {}) as IPatternData;
    this.trusted = model.trusted;
    const sound = this.data.kind === 'sound';
    const code = String(this.data.code ?? '');
    const label = sound ? `${this.data.sound ?? ''}${this.data.n ? `:${this.data.n}` : ''}` : '';
    this.play.textContent = sound ? `▶ ${label}` : '▶ Play';
    this.play.setAttribute('aria-label', sound ? `Play the sound ${label}` : 'Play this Strudel pattern');
    this.stop.hidden = sound;
    this.play.disabled = !this.trusted;
    this.node.dataset.trusted = String(this.trusted);
    const bar = h('div', { className: 'jp-Strudel-patternBar' }, this.play, this.stop, this.state.node);
    const check = this.data.view === 'check';
    this.node.dataset.view = sound ? 'sound' : check ? 'check' : 'player';
    replace(
      this.node,
      check ? null : bar,
      this.trusted
        ? null
        : h(
            'p',
            { className: 'jp-Strudel-untrusted' },
            'This notebook is not trusted: its Strudel code does not run here. Trust the notebook ' +
              '(or run the cell again) to play it.'
          ),
      sound ? null : findingsList(this.data.validation, this.trusted),
      sound ? null : h('pre', { className: 'jp-Strudel-patternCode' }, h('code', {}, code)),
      check ? bar : null, // the play action right under the code it runs, the picture below
      sound ? null : picture(model.data[SVG_MIME])
    );
    const audio = loadedAudio();
    if (audio) {
      void audio.then(engine => this.follow(engine.state, engine.onChange.bind(engine)));
    } else {
      this.showState({ owner: null, status: 'idle' });
    }
    if (sound && this.trusted && Date.now() < (this.data.autoplay_until ?? 0)) {
      void this.start(); // the panel's click asked for it a moment ago
    }
    return Promise.resolve();
  }

  private follow(state: IPlayState, subscribe: (listener: (s: IPlayState) => void) => () => void): void {
    this.unsubscribe ??= subscribe(next => this.showState(next));
    this.showState(state);
  }

  private showState(state: IPlayState): void {
    const mine = state.owner === this.owner;
    const status = mine ? state.status : 'idle';
    this.node.dataset.state = status;
    // The buttons say what sounds: Stop only while this output's pattern starts or sounds; a
    // silent or failed one has nothing to stop, and Play stays enabled to try again.
    const sounding = mine && (status === 'loading' || status === 'playing' || status === 'trouble' || !!state.sounding);
    this.stop.disabled = !sounding;
    this.play.setAttribute('aria-pressed', String(sounding && status !== 'loading'));
    if (this.data.kind === 'sound') {
      return;
    }
    this.state.node.classList.toggle('jp-Strudel-error', mine && status === 'error');
    this.state.node.classList.toggle('jp-Strudel-warn', mine && status === 'trouble');
    // "Playing" only when it does: missing sounds (`trouble`) and errors say what and why.
    const text = !mine
      ? this.trusted
        ? 'Stopped'
        : ''
      : status === 'loading'
        ? 'Starting…'
        : status === 'playing'
          ? 'Playing'
          : (state.message ?? '');
    this.state.set(text, mine ? (state.details ?? []) : []);
  }

  private async start(): Promise<void> {
    if (!this.trusted) {
      return; // never evaluate an untrusted notebook's output
    }
    const sound = this.data.kind === 'sound';
    if (sound) {
      this.state.set('Loading…');
    }
    try {
      const audio = await loadAudio();
      this.follow(audio.state, audio.onChange.bind(audio));
      if (sound) {
        await audio.audition(String(this.data.sound ?? ''), Number(this.data.n ?? 0), this.data.sounds ?? {});
        this.state.set('Played');
        this.state.node.classList.remove('jp-Strudel-error');
      } else {
        await audio.play(this.owner, String(this.data.code ?? ''), this.data.sounds ?? {});
      }
    } catch (error) {
      this.state.set(problemText(error), problemDetails(error));
      this.state.node.classList.add('jp-Strudel-error');
    }
  }

  dispose(): void {
    if (this.isDisposed) {
      return;
    }
    // An output that goes (cell re-run or cleared) takes its pattern with it.
    void loadedAudio()?.then(audio => audio.stop(this.owner));
    this.unsubscribe?.();
    super.dispose();
  }
}

/** The renderer factory: `safe` so untrusted notebooks show the code, which then never runs. */
export const patternRendererFactory: IRenderMime.IRendererFactory = {
  safe: true,
  mimeTypes: [PATTERN_MIME],
  defaultRank: 0,
  createRenderer: () => new PatternOutput()
};

const soundPlugin: JupyterFrontEndPlugin<void> = {
  id: 'strudel-jupyter:sound',
  description: 'Playable Strudel outputs and the "Stop all Strudel audio" command.',
  autoStart: true,
  requires: [IRenderMimeRegistry],
  optional: [ICommandPalette],
  activate: (app: JupyterFrontEnd, rendermime: IRenderMimeRegistry, palette: ICommandPalette | null) => {
    rendermime.addFactory(patternRendererFactory, 0);
    app.commands.addCommand(AudioCommandIDs.stopAll, {
      label: 'Stop all Strudel audio',
      caption: 'Stop the playing Strudel pattern and every sound (as the REPL’s stop)',
      execute: () => stopAllAudio()
    });
    // The REPL stops with Alt+. (and Ctrl+.).
    app.commands.addKeyBinding({ command: AudioCommandIDs.stopAll, keys: ['Alt .'], selector: 'body' });
    palette?.addItem({ command: AudioCommandIDs.stopAll, category: 'Strudel' });
  }
};

export default soundPlugin;

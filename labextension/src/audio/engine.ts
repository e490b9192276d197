/**
 * Strudel's own engine in JupyterLab: `@strudel/core`'s REPL and scheduler, the mini-notation,
 * the transpiler, superdough (`@strudel/webaudio`) and the soundfonts, set up the way the
 * REPL's prebake sets them up. Loaded as a chunk of its own by `./index.ts`.
 *
 * Nothing here synthesises or schedules on its own: auditions call superdough exactly as the
 * REPL's Sounds tab does, patterns go through the REPL's `evaluate`.
 */
import * as core from '@strudel/core';
import * as mini from '@strudel/mini';
import * as soundfonts from '@strudel/soundfonts';
import * as tonal from '@strudel/tonal';
import { transpiler } from '@strudel/transpiler';
import * as webaudio from '@strudel/webaudio';

import type { IPlayState, IStrudelAudio, SoundSourcesReply, UserSound } from './index';

/** Auditions play on an orbit of their own, so a new one can cut the last without touching a pattern. */
const AUDITION_ORBIT = 999;
/** What the REPL's Sounds tab plays: a short note (synths, soundfonts) or the sample, once. */
const AUDITION = { clip: 1, release: 0.5, sustain: 1, duration: 0.5 };
const AUDITION_SECONDS = 0.5;
const PITCHED = new Set(['synth', 'soundfont']);
/** Longest wait for a sample download or for the prebake's sample maps. */
const LOAD_TIMEOUT_MS = 15000;

function timeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
    promise.then(
      value => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    );
  });
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Run Strudel's `evalScope` (which puts ~1000 names on `window`, as on strudel.cc) but give
 * back the browser's own globals it overwrote (`focus`, `frames`): JupyterLab shares this
 * window. Strudel code uses those two as methods (`.focus(...)`), which is unaffected.
 */
async function keepBrowserGlobals(install: () => Promise<unknown>): Promise<string[]> {
  const before = new Map(
    Object.getOwnPropertyNames(window).map(name => [name, Object.getOwnPropertyDescriptor(window, name)])
  );
  await install();
  const restored: string[] = [];
  for (const [name, original] of before) {
    const now = Object.getOwnPropertyDescriptor(window, name);
    if (original && now && (now.value !== original.value || now.get !== original.get)) {
      try {
        Object.defineProperty(window, name, original);
        restored.push(name);
      } catch {
        // a non-configurable property was never replaced either
      }
    }
  }
  return restored;
}

class StrudelEngine implements IStrudelAudio {
  private readonly repl: webaudio.IRepl;
  private readonly scope: Promise<unknown>;
  private readonly mapsLoaded: Promise<void>;
  private readonly mapProblems: string[] = [];
  private readonly registeredUser = new Map<string, string>();
  private audioStarted: Promise<void> | null = null;
  private auditionId = 0;
  private current: IPlayState = { owner: null, status: 'idle' };
  private readonly listeners = new Set<(state: IPlayState) => void>();

  constructor(sources: SoundSourcesReply, context: AudioContext) {
    // superdough's context: the one the click resumed.
    webaudio.setAudioContext(context);
    // The REPL's evaluation scope: its code calls Strudel's functions as globals.
    this.scope = keepBrowserGlobals(() => core.evalScope(core, mini, tonal, webaudio, soundfonts));
    // The prebake, in its order: synths, ZZFX, soundfonts, then the sample maps and aliases.
    webaudio.registerSynthSounds();
    webaudio.registerZZFXSounds();
    soundfonts.registerSoundfonts();
    this.mapsLoaded = this.loadMaps(sources);
    this.registerUser(sources.user);
    this.repl = webaudio.webaudioRepl({
      transpiler,
      onEvalError: (error: unknown) => this.setState({ ...this.current, status: 'error', message: String(error) }),
      onToggle: (started: boolean) => {
        if (!started && this.current.status === 'playing') {
          this.setState({ owner: null, status: 'idle' });
        }
      }
    });
    // Sounds that fail while a pattern plays (a sample that cannot load) are logged by Strudel.
    document.addEventListener('strudel.log', event => {
      const message = String((event as CustomEvent<{ message?: string }>).detail?.message ?? '');
      if (this.current.status === 'playing' && /error|not found|could not/i.test(message)) {
        this.setState({ ...this.current, message });
      }
    });
  }

  get state(): IPlayState {
    return this.current;
  }

  onChange(listener: (state: IPlayState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async audition(name: string, n = 0, user: Record<string, UserSound> = {}): Promise<void> {
    const id = ++this.auditionId;
    this.registerUser(user);
    await this.startAudio();
    const entry = await this.findSound(name);
    const type = entry.data.type ?? 'sample';
    const value: Record<string, unknown> = { ...AUDITION, s: name, n, orbit: AUDITION_ORBIT };
    if (PITCHED.has(type)) {
      value.note = 'a3';
    }
    if (type === 'sample') {
      await this.checkSample(name, n, entry);
    }
    if (type !== 'synth') {
      // A silent trigger first loads the sample, font or table, so the audible one is on time
      // (superdough skips a sound whose loading ends after its start time).
      const ctx = webaudio.getAudioContext();
      try {
        await timeout(
          webaudio.superdough({ ...value, gain: 0 }, ctx.currentTime + 0.01, 0.01),
          LOAD_TIMEOUT_MS,
          `loading ${name}`
        );
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        const offline = /fetch|network/i.test(why) ? ' (offline, or its host cannot be reached)' : '';
        throw new Error(`Could not load ${name}${n ? `:${n}` : ''} (${type}): ${why}${offline}`);
      }
    }
    if (id !== this.auditionId) {
      return; // another sound was clicked meanwhile: it plays, not this one
    }
    this.cutAudition();
    const ctx = webaudio.getAudioContext();
    await webaudio.superdough(value, ctx.currentTime + 0.05, AUDITION_SECONDS);
  }

  async play(owner: string, code: string, user: Record<string, UserSound> = {}): Promise<void> {
    this.registerUser(user);
    this.setState({ owner, status: 'loading' });
    await this.startAudio();
    await this.scope;
    if (this.current.owner !== owner) {
      return; // stopped, or another pattern started, while the audio was starting
    }
    this.setState({ owner, status: 'playing' });
    await this.repl.evaluate(code);
    if (this.current.owner === owner && this.current.status === 'playing' && !this.repl.scheduler.started) {
      this.setState({ owner: null, status: 'idle' });
    }
  }

  stop(owner?: string): void {
    if (owner === undefined || this.current.owner === owner) {
      this.repl.stop();
      this.setState({ owner: null, status: 'idle' });
    }
  }

  stopAll(): void {
    this.auditionId++;
    this.repl.stop();
    // Cut every orbit (reverb and delay tails included) at once: the REPL's stop lets them ring.
    webaudio.resetGlobalEffects();
    this.setState({ owner: null, status: 'idle' });
  }

  private setState(state: IPlayState): void {
    this.current = state;
    for (const listener of this.listeners) {
      listener(state);
    }
  }

  /** Resume the audio context (inside the click that asked for sound) and load the worklets once. */
  private startAudio(): Promise<void> {
    const ctx = webaudio.getAudioContext();
    const resumed = ctx.state === 'running' ? Promise.resolve() : ctx.resume();
    if (!this.audioStarted) {
      this.audioStarted = resumed.then(() => webaudio.initAudio());
      this.audioStarted.catch(() => (this.audioStarted = null));
    }
    return Promise.all([resumed, this.audioStarted]).then(() => undefined);
  }

  private loadMaps(sources: SoundSourcesReply): Promise<void> {
    const loads = sources.maps.map(source =>
      webaudio.samples(source.map ?? source.url, source.baseUrl, source.options).catch((error: unknown) => {
        this.mapProblems.push(`${source.name} (${source.url ? hostOf(source.url) : 'inline'}): ${String(error)}`);
      })
    );
    return Promise.all(loads).then(async () => {
      if (sources.alias_url) {
        await webaudio.aliasBank(sources.alias_url).catch((error: unknown) => {
          this.mapProblems.push(`bank aliases: ${String(error)}`);
        });
      }
    });
  }

  /** Register sounds from `register_sounds()` (their URLs are already whole). */
  private registerUser(user: Record<string, UserSound>): void {
    const fresh: Record<string, unknown> = {};
    for (const [name, sound] of Object.entries(user)) {
      const key = JSON.stringify(sound.files);
      if (this.registeredUser.get(name) !== key) {
        this.registeredUser.set(name, key);
        fresh[name] = sound.files;
      }
    }
    if (Object.keys(fresh).length) {
      void webaudio.samples(fresh, '');
    }
  }

  private async findSound(name: string): Promise<webaudio.ISoundEntry> {
    let entry = webaudio.getSound(name);
    if (!entry) {
      // Sample maps come from Strudel's CDN: wait for them once.
      await timeout(this.mapsLoaded, LOAD_TIMEOUT_MS, 'loading the sample maps').catch(() => undefined);
      entry = webaudio.getSound(name);
    }
    if (!entry) {
      const why = this.mapProblems.length
        ? ` Sample maps that could not be loaded (offline?): ${this.mapProblems.join('; ')}`
        : '';
      throw new Error(`“${name}” is not loaded in the audio engine.${why}`);
    }
    return entry;
  }

  /** Download check for a sample, so a 404 or an unreachable host is said in words. */
  private async checkSample(name: string, n: number, entry: webaudio.ISoundEntry): Promise<void> {
    const { url } = webaudio.getSampleInfo({ s: name, n }, entry.data.samples);
    if (!url || webaudio.getCachedBuffer(url)) {
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), LOAD_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(url.replace('#', '%23'), { signal: controller.signal });
    } catch {
      throw new Error(`Could not download ${name}:${n}: ${hostOf(url)} cannot be reached (offline?). ${url}`);
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) {
      throw new Error(`Could not download ${name}:${n}: ${url} answered ${response.status} ${response.statusText}`);
    }
  }

  private cutAudition(): void {
    const controller = webaudio.getSuperdoughAudioController();
    controller.nodes[AUDITION_ORBIT]?.disconnect();
    delete controller.nodes[AUDITION_ORBIT];
  }
}

export function createEngine(sources: SoundSourcesReply, context: AudioContext): IStrudelAudio {
  return new StrudelEngine(sources, context);
}

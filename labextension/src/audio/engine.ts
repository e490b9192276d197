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

import { IPlayState, IStrudelAudio, SoundProblem, SoundSourcesReply, UserSound } from './index';
import {
  fetchCdnJson,
  IMapProblem,
  ISampleServer,
  isUnreachable,
  mapProblem,
  mapsSummary,
  sampleServer,
  STRUDEL_CDN,
  throughServer
} from './sources';

/** Auditions play on an orbit of their own, so a new one can cut the last without touching a pattern. */
const AUDITION_ORBIT = 999;
/** What the REPL's Sounds tab plays: a short note (synths, soundfonts) or the sample, once. */
const AUDITION = { clip: 1, release: 0.5, sustain: 1, duration: 0.5 };
const AUDITION_SECONDS = 0.5;
const PITCHED = new Set(['synth', 'soundfont']);
/** Longest wait for a sample download or for the prebake's sample maps. */
const LOAD_TIMEOUT_MS = 15000;
/** Before a pattern starts, its first cycles are queried for the sounds it names (at most this many events). */
const CHECK_CYCLES = 4;
const CHECK_EVENTS = 2000;
/** Silence markers of the mini-notation: never a sound to load. */
const RESTS = new Set(['-', '~', '_']);
/** At most this many sounds of a pattern are checked (and their first samples downloaded) before it plays. */
const CHECK_SOUNDS = 16;

function problemOf(error: unknown): SoundProblem {
  return error instanceof SoundProblem ? error : new SoundProblem(String(error));
}

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
  private readonly mapProblems: IMapProblem[] = [];
  private readonly mapCount: number;
  private readonly registeredUser = new Map<string, string>();
  private audioStarted: Promise<void> | null = null;
  private auditionId = 0;
  private current: IPlayState = { owner: null, status: 'idle' };
  private readonly listeners = new Set<(state: IPlayState) => void>();

  constructor(
    sources: SoundSourcesReply,
    private server: ISampleServer | null,
    context: AudioContext
  ) {
    // superdough's context: the one the click resumed.
    webaudio.setAudioContext(context);
    // The REPL's evaluation scope: its code calls Strudel's functions as globals.
    this.scope = keepBrowserGlobals(() => core.evalScope(core, mini, tonal, webaudio, soundfonts));
    // The prebake, in its order: synths, ZZFX, soundfonts, then the sample maps and aliases.
    webaudio.registerSynthSounds();
    webaudio.registerZZFXSounds();
    soundfonts.registerSoundfonts();
    this.mapCount = sources.maps.length;
    this.mapsLoaded = this.loadMaps(sources);
    this.registerUser(sources.user);
    this.repl = webaudio.webaudioRepl({
      transpiler,
      onEvalError: (error: unknown) =>
        this.setState({
          ...this.current,
          status: 'error',
          message: String(error),
          sounding: this.repl.scheduler.started
        }),
      onToggle: (started: boolean) => {
        if (!started && this.current.status === 'playing') {
          this.setState({ owner: null, status: 'idle' });
        }
      }
    });
    // Sounds that fail while a pattern plays (a sample that cannot load) are logged by Strudel:
    // the output says so instead of "Playing".
    document.addEventListener('strudel.log', event => {
      const message = String((event as CustomEvent<{ message?: string }>).detail?.message ?? '');
      if (this.current.status === 'playing' && /error|not found|could not/i.test(message)) {
        this.setState({ ...this.current, status: 'trouble', message: message.replace(/^\[\w+\] error: /, '') });
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
    // Evaluate without starting, so a pattern whose sounds are not loaded never says "Playing".
    const pattern = await this.repl.evaluate(code, false);
    if (this.current.owner !== owner || !pattern) {
      return; // stopped meanwhile, or an evaluation error (onEvalError said it)
    }
    const { problems, silent } = await this.checkSounds(pattern);
    if (this.current.owner !== owner) {
      return;
    }
    if (problems.length) {
      // "hh, sd: <why>": which sounds, then why, each reason once.
      const reasons = new Map<string, string[]>();
      for (const problem of problems) {
        reasons.set(problem.reason, [...(reasons.get(problem.reason) ?? []), ...problem.sounds]);
      }
      const message = [...reasons].map(([reason, sounds]) => `${sounds.join(', ')}: ${reason}`).join('; ');
      const details = [...new Set(problems.flatMap(p => p.details))];
      if (silent) {
        this.repl.stop();
        this.setState({ owner, status: 'error', message: `Silent: ${message}`, details, sounding: false });
        return;
      }
      this.repl.start();
      this.setState({ owner, status: 'trouble', message: `Playing only in part: ${message}`, details });
      return;
    }
    this.repl.start();
    this.setState({ owner, status: 'playing' });
  }

  /**
   * The sounds a pattern's first cycles name (with their banks), and why those that cannot
   * sound cannot: not loaded, or their sample cannot be downloaded.
   */
  private async checkSounds(
    pattern: webaudio.IPattern
  ): Promise<{ names: string[]; problems: SoundProblem[]; silent: boolean }> {
    const uses = new Map<string, number>(); // sound -> the first sample index it plays
    try {
      for (const hap of pattern.queryArc(0, CHECK_CYCLES).slice(0, CHECK_EVENTS)) {
        const value = hap.value as Record<string, unknown> | null;
        const s = value && typeof value === 'object' ? value.s : undefined;
        if (typeof s === 'string' && !RESTS.has(s)) {
          const name = typeof value?.bank === 'string' ? `${value.bank}_${s}` : s;
          if (!uses.has(name)) {
            uses.set(name, typeof value?.n === 'number' ? value.n : 0);
          }
        }
      }
    } catch {
      return { names: [], problems: [], silent: false }; // a query error shows when the scheduler meets it
    }
    const names = [...uses.keys()].slice(0, CHECK_SOUNDS);
    if (names.some(name => !webaudio.getSound(name))) {
      await timeout(this.mapsLoaded, LOAD_TIMEOUT_MS, 'loading the sample maps').catch(() => undefined);
    }
    const missing = names.filter(name => !webaudio.getSound(name));
    const problems = missing.length ? [await this.notLoaded(missing)] : [];
    const checks = names
      .filter(name => !missing.includes(name) && (webaudio.getSound(name)?.data.type ?? 'sample') === 'sample')
      .map(name => {
        const entry = webaudio.getSound(name);
        return entry
          ? this.checkSample(name, uses.get(name) ?? 0, entry).then(() => null, problemOf)
          : Promise.resolve(null);
      });
    for (const problem of await Promise.all(checks)) {
      if (problem) {
        problems.push(problem);
      }
    }
    // One problem names every missing sound ("a, b not loaded"): count sounds, not problems.
    const silent = missing.length + problems.length - (missing.length ? 1 : 0) >= names.length;
    return { names, problems, silent };
  }

  /** "bd, tr909_hh not loaded: <why>" as one line, with the failed maps as details. */
  private async notLoaded(names: string[]): Promise<SoundProblem> {
    const what = `${names.map(n => `“${n}”`).join(', ')} not loaded`;
    if (!this.mapProblems.length) {
      return new SoundProblem(`${what}: no such sound (see the Sounds tab)`, [], names, 'no such sound');
    }
    this.server = (await sampleServer()) ?? this.server; // a fresh count of cached sounds
    const { summary, details } = mapsSummary(this.mapProblems, this.server, this.mapCount);
    return new SoundProblem(`${what}: ${summary}`, details, names, `not loaded. ${summary}`);
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

  /**
   * The prebake's sample maps, through the server's sample route when it answers (maps fetched
   * here, samples by Strudel's loader from the rewritten base URLs), else from the CDN directly.
   */
  private async loadMaps(sources: SoundSourcesReply): Promise<void> {
    const server = this.server;
    const viaServer = (url: string | null | undefined) => !!server && !!url?.startsWith(STRUDEL_CDN);
    const loads = sources.maps.map(async source => {
      try {
        if (source.map || viaServer(source.url)) {
          const map = source.map ?? (await timeout(fetchCdnJson(source.url ?? ''), LOAD_TIMEOUT_MS, source.name));
          await webaudio.samples(map, throughServer(source.baseUrl, server), source.options);
        } else {
          await webaudio.samples(source.url, source.baseUrl, source.options);
        }
      } catch (error) {
        this.mapProblems.push(mapProblem(source, error));
      }
    });
    await Promise.all(loads);
    const aliases = sources.alias_url;
    if (aliases) {
      try {
        await webaudio.aliasBank(viaServer(aliases) ? await fetchCdnJson(aliases) : aliases);
      } catch (error) {
        this.mapProblems.push({ name: 'bank aliases', message: String(error), unreachable: isUnreachable(error) });
      }
    }
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
      throw await this.notLoaded([name]);
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
    const label = n ? `${name}:${n}` : name;
    try {
      // Same origin when it goes through the server: the login cookie goes with it.
      response = await fetch(url.replace('#', '%23'), { signal: controller.signal, credentials: 'same-origin' });
    } catch {
      const reason = `${hostOf(url)} cannot be reached (offline?)`;
      throw new SoundProblem(`Could not download ${label}: ${reason}`, [url], [label], reason);
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      const details = [url, ...(body?.message ? [body.message] : [])];
      if (this.server && url.startsWith(this.server.base) && [502, 503, 504].includes(response.status)) {
        this.server = (await sampleServer()) ?? this.server;
        const { summary, details: why } = mapsSummary([{ name, message: '', unreachable: true }], this.server, 1);
        // The server's one line first (the user just clicked the sound), which sound after it.
        throw new SoundProblem(
          `${summary} (${label} is not cached)`,
          [...details, ...why],
          [label],
          `not cached. ${summary}`
        );
      }
      const reason = `its sample answered ${response.status} ${response.statusText}`;
      throw new SoundProblem(`Could not download ${label}: ${reason}`, details, [label], reason);
    }
  }

  private cutAudition(): void {
    const controller = webaudio.getSuperdoughAudioController();
    controller.nodes[AUDITION_ORBIT]?.disconnect();
    delete controller.nodes[AUDITION_ORBIT];
  }
}

export function createEngine(
  sources: SoundSourcesReply,
  server: ISampleServer | null,
  context: AudioContext
): IStrudelAudio {
  return new StrudelEngine(sources, server, context);
}

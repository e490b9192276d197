/**
 * Sound in JupyterLab: the one door to Strudel's audio engine.
 *
 * The engine (Strudel's own npm packages, ~1 MB) lives in a chunk of its own that loads on the
 * first play or audition, never when the sidebar opens. Everything here is small: the shapes
 * the engine speaks in and the lazy loader. The sidebar's Sounds tab, the pattern outputs
 * and the "stop all" command all share the one engine, so one pattern plays at a time.
 */
import { requestAPI } from '../api';
import type { SoundSourcesReply, UserSound } from '../rest.generated';
import { sampleServer } from './sources';

export type { SoundSourcesReply, UserSound };

/** What a pattern output shows: who plays now, and why something does not. */
export interface IPlayState {
  /** The output whose pattern is playing or starting (null: nothing is). */
  owner: string | null;
  /** `trouble`: playing, but some sounds are missing or fail (the message says which and why). */
  status: 'idle' | 'loading' | 'playing' | 'trouble' | 'error';
  /** For `error` and `trouble`: the problem, in words. */
  message?: string;
  /** Longer explanations of `message`, shown on demand. */
  details?: string[];
  /** For `error`: a pattern still sounds (an evaluation error leaves the last one playing, as in the REPL). */
  sounding?: boolean;
}

/** A problem to show in one line, with its details (one per line) on demand. */
export class SoundProblem extends Error {
  constructor(
    message: string,
    readonly details: string[] = [],
    /** The sounds that cannot sound, and why in a few words (for a pattern's one line). */
    readonly sounds: string[] = [],
    readonly reason = message
  ) {
    super(message);
  }
}

export interface IStrudelAudio {
  /** Play one sound once as the REPL's Sounds tab does; rejects with a message to show. */
  audition(name: string, n?: number, user?: Record<string, UserSound>): Promise<void>;
  /** Evaluate Strudel code (exactly `code`) and play it; another pattern stops. */
  play(owner: string, code: string, user?: Record<string, UserSound>): Promise<void>;
  /** Stop the pattern if `owner` (or anyone, without one) is playing it. */
  stop(owner?: string): void;
  /** Silence everything now: the pattern, auditions, effect tails. */
  stopAll(): void;
  readonly state: IPlayState;
  /** Call `listener` on every change of the play state; returns the unsubscribe. */
  onChange(listener: (state: IPlayState) => void): () => void;
}

let engine: Promise<IStrudelAudio> | null = null;
let context: AudioContext | null = null;

/**
 * Create or resume the audio context now, inside the click that asked for sound: browsers
 * start audio only from a user gesture, and the engine's chunk arrives after the click.
 */
function unlockAudio(): AudioContext {
  context ??= new AudioContext();
  if (context.state !== 'running') {
    void context.resume();
  }
  return context;
}

/** The engine, loading its chunk and the sound sources the first time; call it from a click. */
export function loadAudio(): Promise<IStrudelAudio> {
  const audioContext = unlockAudio();
  if (!engine) {
    engine = Promise.all([
      import(/* webpackChunkName: "strudel-audio" */ './engine'),
      requestAPI<SoundSourcesReply>(['sound-sources']).catch((): SoundSourcesReply => ({
        maps: [],
        alias_url: null,
        user: {}
      })),
      sampleServer()
    ]).then(([module, sources, server]) => module.createEngine(sources, server, audioContext));
    engine.catch(() => {
      engine = null; // a failed chunk load may succeed on the next click
    });
  }
  return engine;
}

/** Stop all Strudel audio; does nothing (and loads nothing) when no sound was ever played. */
export function stopAllAudio(): void {
  void engine?.then(audio => audio.stopAll());
}

/** The engine if it is already loaded (for state displays that must not load it). */
export function loadedAudio(): Promise<IStrudelAudio> | null {
  return engine;
}

/** Turn anything thrown into the sentence to show the user. */
export function problemText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The details behind a problem (for "more"), if it has any. */
export function problemDetails(error: unknown): string[] {
  return error instanceof SoundProblem ? error.details : [];
}

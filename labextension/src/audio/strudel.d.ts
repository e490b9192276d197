/**
 * The few parts of Strudel's npm packages (plain JavaScript, no type declarations) that the
 * audio engine calls, typed as their sources define them.
 */
declare module '@strudel/core' {
  export function evalScope(...modules: unknown[]): Promise<unknown[]>;
}
declare module '@strudel/mini';
declare module '@strudel/tonal';
declare module '@strudel/transpiler' {
  export function transpiler(code: string, options?: unknown): { output: string };
}
declare module '@strudel/soundfonts' {
  export function registerSoundfonts(): void;
}
declare module '@strudel/webaudio' {
  /** superdough's registry entry: how to trigger a sound and its data (type, samples...). */
  export interface ISoundEntry {
    onTrigger: unknown;
    data: { type?: string; samples?: unknown; tables?: unknown; baseUrl?: string };
  }
  /** A Strudel pattern: its events (haps) between two cycle positions. */
  export interface IPattern {
    queryArc(begin: number, end: number): { value: unknown }[];
  }
  export interface IRepl {
    /** The evaluated pattern, or undefined after an evaluation error (reported to onEvalError). */
    evaluate(code: string, autostart?: boolean): Promise<IPattern | undefined>;
    start(): void;
    stop(): void;
    scheduler: { started: boolean };
  }
  export interface IOrbit {
    disconnect(): void;
  }
  export interface IAudioController {
    nodes: Record<string, IOrbit | undefined>;
  }
  export function getAudioContext(): AudioContext;
  export function setAudioContext(context: AudioContext): AudioContext;
  export function initAudio(options?: Record<string, unknown>): Promise<void>;
  export function webaudioRepl(options: Record<string, unknown>): IRepl;
  export function registerSynthSounds(): void;
  export function registerZZFXSounds(): void;
  export function samples(map: unknown, baseUrl?: string, options?: Record<string, unknown>): Promise<void>;
  export function aliasBank(urlOrMap: unknown): Promise<void>;
  export function getSound(name: string): ISoundEntry | undefined;
  export function getSampleInfo(value: Record<string, unknown>, bank: unknown): { url: string };
  export function getCachedBuffer(url: string): AudioBuffer | undefined;
  export function superdough(value: Record<string, unknown>, t: number, duration: number): Promise<void>;
  export function getSuperdoughAudioController(): IAudioController;
  export function resetGlobalEffects(): void;
  export const soundMap: { get(): Record<string, ISoundEntry> };
}

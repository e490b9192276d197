/**
 * Where the audio engine gets Strudel's sample maps and samples.
 *
 * Through the Jupyter server first: `GET <base_url>strudel-jupyter/samples/<path>` answers what
 * Strudel's CDN has at `<path>`, from the server's disk cache when the CDN cannot be reached.
 * The maps and the alias file are fetched here, through ServerConnection (token, XSRF); the
 * samples are fetched by Strudel's own loader from the base URLs given to `samples(...)`,
 * which point at the same route: same origin, so the login cookie authenticates them.
 * Only when no server answers (an older server without the route) does the browser ask the
 * CDN directly, as the REPL does. Soundfonts come from their own host, never through here.
 */
import { URLExt } from '@jupyterlab/coreutils';
import { ServerConnection } from '@jupyterlab/services';

import { API_PREFIX, ApiError, requestAPI } from '../api';
import type { SampleCacheStatus, SampleMapSource } from '../rest.generated';

/** Strudel's sample CDN, the host the server's sample route stands in for. */
export const STRUDEL_CDN = 'https://strudel.b-cdn.net/';
/** The route's name under `strudel-jupyter/`, and its status route. */
const SAMPLES_ROUTE = 'samples';
const STATUS_ROUTE = ['samples-status'];

/** The server's sample route and what it last said about its cache. */
export interface ISampleServer {
  /** The prefix that replaces STRUDEL_CDN in every URL (ends with `/`). */
  base: string;
  status: SampleCacheStatus;
}

/** How one map failed: its name and why, and whether the why is "cannot be reached". */
export interface IMapProblem {
  name: string;
  message: string;
  unreachable: boolean;
}

/** The server's sample route if it answers, else null (then the CDN is asked directly). */
export async function sampleServer(
  settings: ServerConnection.ISettings = ServerConnection.makeSettings()
): Promise<ISampleServer | null> {
  try {
    const status = await requestAPI<SampleCacheStatus>(STATUS_ROUTE, {}, settings);
    return { base: URLExt.join(settings.baseUrl, API_PREFIX, SAMPLES_ROUTE) + '/', status };
  } catch {
    return null;
  }
}

/** `url` with Strudel's CDN replaced by the server's sample route (other hosts unchanged). */
export function throughServer(url: string, server: ISampleServer | null): string {
  return server && url.startsWith(STRUDEL_CDN) ? server.base + url.slice(STRUDEL_CDN.length) : url;
}

/** Fetch a JSON file of Strudel's CDN (a sample map, the bank aliases) through the server. */
export async function fetchCdnJson(url: string, settings?: ServerConnection.ISettings): Promise<unknown> {
  if (!url.startsWith(STRUDEL_CDN)) {
    throw new Error(`${url} is not on Strudel's CDN`);
  }
  const parts = url
    .slice(STRUDEL_CDN.length)
    .split('/')
    .map(part => decodeURIComponent(part));
  return requestAPI<unknown>([SAMPLES_ROUTE, ...parts], {}, settings);
}

/** Whether a failure means "the sample host cannot be reached" (offline), not a bad file. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) {
    return error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
  }
  return /fetch|network|reach|offline|timed? ?out|took longer/i.test(String(error));
}

/** The map problem for `source`, from what its load threw. */
export function mapProblem(source: SampleMapSource, error: unknown): IMapProblem {
  const message = error instanceof Error ? error.message : String(error);
  return { name: source.name, message, unreachable: isUnreachable(error) };
}

/**
 * One short line for failed sample maps, then the details (one per map) for "more".
 * Offline: "Strudel's sample server cannot be reached: synths still play; 3 sounds cached".
 */
export function mapsSummary(
  problems: IMapProblem[],
  server: ISampleServer | null,
  total: number
): { summary: string; details: string[] } {
  const details = problems.filter(p => p.message).map(p => `${p.name}: ${p.message}`);
  const status = server?.status;
  const cached = status ? `; ${status.sounds} sounds cached` : '';
  if (problems.length && problems.every(p => p.unreachable)) {
    if (status?.reachable === false && status.message) {
      // The server words it (one source for the sidebar, the panel and the CLI).
      return { summary: status.message, details: [...details, ...(status.error ? [status.error] : [])] };
    }
    const who = server ? "Strudel's sample server" : `Strudel's sample CDN (${new URL(STRUDEL_CDN).host})`;
    return { summary: `${who} cannot be reached: synths still play${cached}`, details };
  }
  return {
    summary: `${problems.length} of ${total} sample maps could not be loaded: synths still play${cached}`,
    details
  };
}

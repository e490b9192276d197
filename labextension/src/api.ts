/**
 * The sidebar's client for the strudel-jupyter REST API (docs/rest-api.md).
 *
 * Every call goes through JupyterLab's ServerConnection, so the server's token,
 * XSRF cookie and base URL are handled the way the rest of JupyterLab does it.
 */
import { URLExt } from '@jupyterlab/coreutils';
import { ServerConnection } from '@jupyterlab/services';

export const API_PREFIX = 'strudel-jupyter';

/** An error body from the API: `{code, message}`, sometimes with suggestions. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly suggestions: string[] = []
  ) {
    super(message);
  }
}

export type Counts = Record<string, number>;

export interface IParam {
  name: string;
  type: string;
  description: string;
}

export interface IFunctionItem {
  kind: 'function';
  name: string;
  synonyms: string[];
  description: string;
  usage: string;
  params: IParam[];
  examples: string[];
  tags: string[];
  source: string;
  /** Only on /reference/<name>: the description as sanitised HTML and the tab's extras. */
  description_html?: string;
  synonyms_text?: string;
  display_tags?: string[];
}

export interface ISoundItem {
  kind: 'sound';
  name: string;
  type: string;
  category: string;
  categories: string[];
  tag: string;
  count: number | null;
  bank: string;
  sound: string;
  usage: string;
  examples: string[];
  alias_of?: string;
  label?: string;
  banks_with_sound?: string[];
}

export interface IBankItem {
  kind: 'bank';
  name: string;
  label: string;
  category: string;
  count: number;
  sounds: string[];
  aliases: string[];
  usage: string;
  examples: string[];
  alias_of?: string;
}

export type Item = IFunctionItem | ISoundItem | IBankItem;

export interface IKnowledge {
  ok: boolean;
  query: string;
  answer: string;
  items: Item[];
  suggestions?: string[];
  reason?: string;
  notes: string[];
  mode?: string;
  domain?: string;
  total?: number;
}

export interface IPage<T> {
  search: string;
  total: number;
  offset: number;
  limit: number;
  items: T[];
  suggestions: string[];
}

export interface IReferenceRow {
  name: string;
  synonyms: string[];
}

export interface IReferencePage extends IPage<IReferenceRow> {
  tag: string;
  tags: Counts;
}

export interface ISoundRow {
  name: string;
  label: string;
  count: number | null;
  type: string;
}

export interface ISoundsPage extends IPage<ISoundRow> {
  category: string;
  categories: Counts;
  matching: Counts;
}

/** The text to show for a failed request. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
}

/** Remembers only the newest request so a slow answer never overwrites a newer one. */
export class Latest {
  private counter = 0;
  next(): () => boolean {
    const id = ++this.counter;
    return () => id === this.counter;
  }
}

/** GET a route under `<base_url>/strudel-jupyter/` and decode its JSON. */
export async function requestAPI<T>(
  parts: string[],
  params: Record<string, string | number | undefined> = {},
  settings: ServerConnection.ISettings = ServerConnection.makeSettings()
): Promise<T> {
  const query = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  const path = URLExt.join(settings.baseUrl, API_PREFIX, ...parts.map(encodeURIComponent));
  const url = query ? `${path}?${query}` : path;
  let response: Response;
  try {
    response = await ServerConnection.makeRequest(url, {}, settings);
  } catch (error) {
    throw new ApiError(0, 'network_error', `The Jupyter server did not answer: ${String(error)}`);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    // A proxy or an older server may answer with something else than the API's error body.
    const error = (body ?? {}) as { code?: string; message?: string; suggestions?: string[] };
    throw new ApiError(
      response.status,
      error.code ?? 'http_error',
      error.message ?? `HTTP ${response.status}`,
      Array.isArray(error.suggestions) ? error.suggestions : []
    );
  }
  return body as T;
}

/**
 * The sidebar's client for the strudel-jupyter REST API (docs/rest-api.md).
 *
 * Every call goes through JupyterLab's ServerConnection, so the server's token,
 * XSRF cookie and base URL are handled the way the rest of JupyterLab does it.
 * The payload types are generated from the server's Python types (rest.generated.ts).
 */
import { URLExt } from '@jupyterlab/coreutils';
import { ServerConnection } from '@jupyterlab/services';

import type { ErrorReply, RestResponses } from './rest.generated';

export type {
  BankItem,
  FunctionDetail,
  FunctionItem,
  PageCitation,
  ReferencePage,
  SoundDetail,
  SoundItem,
  SoundsPage
} from './rest.generated';

export const API_PREFIX = 'strudel-jupyter';

/** GET/POST knowledge: a success, or `ok: false` with suggestions. */
export type KnowledgeReply = RestResponses['knowledge'];
/** GET sounds/<name>: a sound or, failing that, a bank. */
export type SoundEntryReply = RestResponses['sound_entry'];
/** GET/POST/DELETE user-sounds: your own sounds as the server shows them. */
export type UserSoundsReply = RestResponses['user_sounds'];
/** One answer item: a function, a sound or a bank. */
export type Item = NonNullable<KnowledgeReply['items']>[number];

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
  settings: ServerConnection.ISettings = ServerConnection.makeSettings(),
  init: RequestInit = {}
): Promise<T> {
  const query = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  const path = URLExt.join(settings.baseUrl, API_PREFIX, ...parts.map(encodeURIComponent));
  const url = query ? `${path}?${query}` : path;
  let response: Response;
  try {
    response = await ServerConnection.makeRequest(url, init, settings);
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
    // A proxy or an older server may answer with something else than an ErrorReply.
    const error = (body ?? {}) as Partial<ErrorReply>;
    throw new ApiError(
      response.status,
      error.code ?? 'http_error',
      error.message ?? `HTTP ${response.status}`,
      Array.isArray(error.suggestions) ? error.suggestions : []
    );
  }
  return body as T;
}

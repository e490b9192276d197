/**
 * What makes a cell a Strudel cell, where its code starts, and the editor routes' client.
 *
 * A cell is a Strudel cell when its first line is the `%%strudel` cell magic; its code is
 * the body below that line. The server counts characters as code points and the editor
 * as UTF-16 units: the helpers here convert between the two.
 */
import { URLExt } from '@jupyterlab/coreutils';
import { ServerConnection } from '@jupyterlab/services';

import { API_PREFIX, ApiError } from '../api';
import type { ErrorReply, RestResponses } from '../rest.generated';

export type CompleteReply = RestResponses['complete'];
export type CompletionItem = CompleteReply['items'][number];
export type InspectReply = RestResponses['inspect'];
export type ValidateReply = RestResponses['validate'];
export type Finding = ValidateReply['findings'][number];

const CELL_MAGIC = /^\s*%%strudel(?:\s|$)/;

/** Whether `source` (a whole cell) is a `%%strudel` cell. */
export function isStrudelSource(source: string): boolean {
  return CELL_MAGIC.test(source.slice(0, source.indexOf('\n') === -1 ? source.length : source.indexOf('\n')));
}

/** The offset where a Strudel cell's code starts (after the magic's line), or -1 when it has none yet. */
export function bodyStart(source: string): number {
  const newline = source.indexOf('\n');
  return newline === -1 ? -1 : newline + 1;
}

/** The number of code points in `text[0:utf16]`. */
export function toCodePoints(text: string, utf16: number): number {
  let points = 0;
  for (let i = 0; i < utf16 && i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xdc00 || unit > 0xdfff) {
      points++; // a low surrogate belongs to the code point before it
    }
  }
  return points;
}

/** The UTF-16 offset of the code point at `points` in `text`. */
export function toUtf16(text: string, points: number): number {
  let i = 0;
  for (let seen = 0; seen < points && i < text.length; seen++) {
    const unit = text.charCodeAt(i);
    i += unit >= 0xd800 && unit <= 0xdbff ? 2 : 1;
  }
  return i;
}

/** POST a JSON body to an editor route under `<base_url>/strudel-jupyter/`. */
export async function postAPI<K extends 'complete' | 'inspect' | 'validate'>(
  route: K,
  body: Record<string, unknown>,
  settings: ServerConnection.ISettings = ServerConnection.makeSettings()
): Promise<RestResponses[K]> {
  const url = URLExt.join(settings.baseUrl, API_PREFIX, route);
  let response: Response;
  try {
    response = await ServerConnection.makeRequest(url, { method: 'POST', body: JSON.stringify(body) }, settings);
  } catch (error) {
    throw new ApiError(0, 'network_error', `The Jupyter server did not answer: ${String(error)}`);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (answer ?? {}) as Partial<ErrorReply>;
    throw new ApiError(response.status, error.code ?? 'http_error', error.message ?? `HTTP ${response.status}`);
  }
  return answer as RestResponses[K];
}

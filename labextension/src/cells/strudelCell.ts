/**
 * What makes a cell a Strudel cell and where its code starts.
 *
 * A cell is a Strudel cell when its first line is the `%%strudel` cell magic; its code is
 * the body below that line. The server counts characters as code points and the editor
 * as UTF-16 units: the helpers here convert between the two. The routes' client is `../api`.
 */
import type { RestResponses } from '../rest.generated';

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

/**
 * Shift+Tab on a name in a `%%strudel` cell: its documentation in a tooltip under the
 * cursor (the server's `inspect` route reads the name in its slot: a function, a sound,
 * a bank). Any edit, cursor move or Escape closes it. While it is open the editor carries
 * the class `jp-strudel-docsOpen`, so a host that sees keys before the editor does (Notebook 7
 * handles shortcuts in the capture phase) can bind Escape to {@link hideDocs} there.
 */
import { StateEffect, StateField } from '@codemirror/state';
import { EditorView, keymap, showTooltip, Tooltip } from '@codemirror/view';

import { FunctionDetail, postAPI, SoundEntryReply } from '../api';
import { bodyStart, toCodePoints } from './strudelCell';

const setDocs = StateEffect.define<Tooltip | null>();

/** The class of an editor whose documentation tooltip is open. */
export const DOCS_OPEN_CLASS = 'jp-strudel-docsOpen';
const DOCS_OPEN: Record<string, string> = { class: DOCS_OPEN_CLASS };
const NO_ATTRIBUTES: Record<string, string> = {};

/** The open documentation tooltip of an editor, if any. */
export const docsTooltip = StateField.define<Tooltip | null>({
  create: () => null,
  update(value, tr) {
    for (const effect of tr.effects) {
      if (effect.is(setDocs)) {
        return effect.value;
      }
    }
    return tr.docChanged || tr.selection ? null : value;
  },
  provide: field => [
    showTooltip.from(field),
    EditorView.editorAttributes.compute([field], state => (state.field(field) ? DOCS_OPEN : NO_ATTRIBUTES))
  ]
});

/** Close the documentation tooltip; false when none was open. */
export function hideDocs(view: EditorView): boolean {
  if (!view.state.field(docsTooltip, false)) {
    return false;
  }
  view.dispatch({ effects: setDocs.of(null) });
  return true;
}

/** Escape closes the tooltip, where the editor sees the key first (JupyterLab). */
export const docsKeymap = keymap.of([{ key: 'Escape', run: hideDocs }]);

/**
 * Show the docs of the name at the cursor; resolves to the name shown, or null when the
 * cursor is on no Strudel name (nothing is shown then).
 */
export async function showDocsAtCursor(
  view: EditorView,
  render: (detail: FunctionDetail | SoundEntryReply) => HTMLElement
): Promise<string | null> {
  const doc = view.state.doc;
  const source = doc.toString();
  const start = bodyStart(source);
  const cursor = view.state.selection.main.head;
  if (start < 0 || cursor < start) {
    return null;
  }
  const code = source.slice(start);
  const reply = await postAPI('inspect', { code, cursor: toCodePoints(code, cursor - start) });
  const item = reply.item;
  if (!item || view.state.doc !== doc) {
    return null;
  }
  const tooltip: Tooltip = {
    pos: cursor,
    above: false,
    create: () => {
      const dom = document.createElement('div');
      dom.className = 'jp-strudel-docsTooltip';
      dom.appendChild(render(item));
      return { dom };
    }
  };
  view.dispatch({ effects: setDocs.of(tooltip) });
  return item.name;
}

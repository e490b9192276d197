/**
 * Highlighting of `%%strudel` cells: the body as JavaScript, mini-notation strings marked.
 *
 * The cell keeps its own language (Python); while its first line is `%%strudel`, a
 * compartment adds JavaScript at the highest precedence (CodeMirror uses the first
 * language given), so an apostrophe in a comment (`// it's`) is a comment, not the start
 * of a Python string. As in the REPL, double-quoted and backtick strings are
 * mini-notation: they are marked, and their operators (`[ ] < > * / ! @ ? : ~ , |`)
 * picked out; single-quoted strings stay ordinary strings.
 */
import { LanguageSupport, syntaxTree } from '@codemirror/language';
import { Compartment, EditorState, Extension, Prec, Range, Text } from '@codemirror/state';
import { Decoration, DecorationSet, EditorView, ViewPlugin, ViewUpdate } from '@codemirror/view';

import { isStrudelSource } from './strudelCell';

/** Whether the document is a `%%strudel` cell (only its first line is read). */
export function isStrudelDoc(doc: Text): boolean {
  return isStrudelSource(doc.line(1).text);
}

const MINI_OPERATORS = new Set('[]<>{}*/!@?:~,|().'.split(''));
const miniString = Decoration.mark({ class: 'cm-strudel-mini' });
const miniOperator = Decoration.mark({ class: 'cm-strudel-mini-op' });
const magicLine = Decoration.mark({ class: 'cm-strudel-magic' });

function decorations(view: EditorView): DecorationSet {
  const ranges: Range<Decoration>[] = [];
  const seen = new Set<number>();
  const doc = view.state.doc;
  const first = doc.line(1);
  if (first.to > first.from) {
    ranges.push(magicLine.range(first.from, first.to));
  }
  const tree = syntaxTree(view.state);
  for (const { from, to } of view.visibleRanges) {
    tree.iterate({
      from: Math.max(from, first.to + 1),
      to,
      enter: node => {
        if (node.name !== 'String' && node.name !== 'TemplateString') {
          return;
        }
        const quote = doc.sliceString(node.from, node.from + 1);
        if ((quote !== '"' && quote !== '`') || seen.has(node.from)) {
          return false; // single quotes: an ordinary string
        }
        seen.add(node.from);
        ranges.push(miniString.range(node.from, node.to));
        const text = doc.sliceString(node.from, node.to);
        for (let i = 1; i < text.length - 1; i++) {
          if (MINI_OPERATORS.has(text[i])) {
            ranges.push(miniOperator.range(node.from + i, node.from + i + 1));
          }
        }
        return false;
      }
    });
  }
  return Decoration.set(ranges, true);
}

const miniNotation = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = decorations(view);
    }
    update(update: ViewUpdate): void {
      if (update.docChanged || update.viewportChanged || syntaxTree(update.startState) !== syntaxTree(update.state)) {
        this.decorations = decorations(update.view);
      }
    }
  },
  { decorations: plugin => plugin.decorations }
);

const theme = EditorView.baseTheme({
  '.cm-strudel-magic, .cm-strudel-magic span': {
    color: 'var(--jp-mirror-editor-keyword-color) !important',
    fontWeight: 'bold'
  },
  '.cm-strudel-mini, .cm-strudel-mini span': {
    color: 'var(--jp-mirror-editor-string-2-color, var(--jp-mirror-editor-string-color))'
  },
  '.cm-strudel-mini': {
    backgroundColor: 'color-mix(in srgb, var(--jp-mirror-editor-string-color) 10%, transparent)',
    borderRadius: '2px'
  },
  '.cm-strudel-mini .cm-strudel-mini-op, .cm-strudel-mini-op span': {
    color: 'var(--jp-mirror-editor-operator-color) !important',
    fontWeight: 'bold'
  }
});

/**
 * The editor extension: `extra` (findings, ...) and JavaScript highlighting switched on
 * while the document is a `%%strudel` cell, off otherwise.
 */
export function strudelCells(javascript: LanguageSupport, extra: Extension = []): Extension {
  const mode = new Compartment();
  const on: Extension = [
    Prec.highest(javascript),
    miniNotation,
    theme,
    EditorView.editorAttributes.of({ class: 'jp-strudel-editor' }),
    extra
  ];
  const off: Extension = [];
  const active = (state: EditorState): boolean => mode.get(state) === on;
  return [
    mode.of(off),
    EditorState.transactionExtender.of(tr => {
      if (!tr.docChanged) {
        return null;
      }
      const wanted = isStrudelDoc(tr.newDoc);
      return wanted === active(tr.startState) ? null : { effects: mode.reconfigure(wanted ? on : off) };
    }),
    // An editor created over a Strudel cell switches on once, after it is built.
    ViewPlugin.define(view => {
      if (isStrudelDoc(view.state.doc)) {
        setTimeout(() => {
          if (isStrudelDoc(view.state.doc) && !active(view.state)) {
            view.dispatch({ effects: mode.reconfigure(on) });
          }
        });
      }
      return {};
    })
  ];
}

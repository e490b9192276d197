/**
 * Findings as you type: after a pause, the cell's code goes to the server's `validate`
 * route (`strudel_validate`, bounded in time, nothing evaluated) and each finding becomes
 * an editor diagnostic: underlined at its line and column, its message and suggestions on
 * hover, and a quick fix per suggestion that writes it in place of the name.
 */
import { Diagnostic, linter } from '@codemirror/lint';
import { Text } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

import { postAPI } from '../api';
import { bodyStart, Finding, toUtf16 } from './strudelCell';

/** Milliseconds of quiet after the last keystroke before the cell is checked. */
export const LINT_DELAY_MS = 400;

/** Where a finding's name sits in the document: from its line and column, over the name when it is there. */
function findingRange(doc: Text, offset: number, finding: Finding): { from: number; to: number } {
  const line = doc.lineAt(offset).number - 1 + finding.line;
  if (line > doc.lines) {
    return { from: doc.length, to: doc.length };
  }
  const text = doc.line(line);
  const from = text.from + Math.min(toUtf16(text.text, Math.max(finding.column - 1, 0)), text.length);
  const name = finding.name;
  let to = from;
  if (name && doc.sliceString(from, from + name.length) === name) {
    to = from + name.length;
  } else {
    const word = /^[\w$.:#-]+/.exec(doc.sliceString(from, text.to));
    to = from + (word ? word[0].length : Math.min(1, text.to - from));
  }
  return { from, to };
}

function toDiagnostic(doc: Text, offset: number, finding: Finding): Diagnostic {
  const { from, to } = findingRange(doc, offset, finding);
  const suggestions = finding.suggestions.slice(0, 3);
  const fixable = !!finding.name && to > from;
  const sentence = /[.!?]$/.test(finding.message) ? finding.message : `${finding.message}.`;
  // Fixable suggestions are the quick-fix buttons; others are named in the message.
  const hint = suggestions.length && !fixable ? ` Did you mean ${suggestions.map(s => `"${s}"`).join(', ')}?` : '';
  return {
    from,
    to,
    severity: finding.severity === 'error' ? 'error' : 'warning',
    source: `strudel: ${finding.kind}`,
    message: sentence + hint,
    // A quick fix only replaces a name the finding points at (never a syntax error's span).
    actions: fixable
      ? suggestions.map(suggestion => ({
          name: suggestion,
          apply: (view: EditorView, start: number, end: number) => {
            view.dispatch({ changes: { from: start, to: end, insert: suggestion } });
          }
        }))
      : []
  };
}

/** The diagnostics of one document: the server's findings on the code below `%%strudel`. */
export async function strudelDiagnostics(view: EditorView): Promise<Diagnostic[]> {
  const doc = view.state.doc;
  const source = doc.toString();
  const start = bodyStart(source);
  if (start < 0 || !source.slice(start).trim()) {
    return [];
  }
  let reply;
  try {
    reply = await postAPI('validate', { code: source.slice(start) });
  } catch {
    return []; // no server (or a busy one): no findings rather than a wrong one
  }
  if (view.state.doc !== doc) {
    return []; // typed since: the linter asks again
  }
  return reply.findings.map(finding => toDiagnostic(doc, start, finding));
}

const lintTheme = EditorView.baseTheme({
  '.cm-tooltip-lint': { maxWidth: '520px', whiteSpace: 'normal' },
  '.cm-diagnosticAction': { fontFamily: 'var(--jp-code-font-family)' }
});

/** The linter extension for Strudel cells. */
export const strudelLinter = [linter(strudelDiagnostics, { delay: LINT_DELAY_MS }), lintTheme];

/**
 * Strudel code into a notebook, the one way every Insert and Copy does it: the sidebar's
 * buttons and the kernel's `strudel_jupyter` comm (the ipywidgets panel's buttons).
 */
import { NotebookActions, NotebookPanel } from '@jupyterlab/notebook';

/** A cell that already runs Strudel code. */
export const STRUDEL_CELL = /^\s*%%strudel\b/;

/**
 * Insert `code` as runnable Strudel at the notebook's active cell: appended on its own line
 * to a `%%strudel` cell, into an empty code cell as a `%%strudel` cell, else in a new
 * `%%strudel` cell below. Returns what it did, in words, or null when there is no cell.
 */
export function insertStrudelCode(notebook: NotebookPanel, code: string): string | null {
  const content = notebook.content;
  const cell = content.activeCell;
  if (!cell) {
    return null;
  }
  const number = content.activeCellIndex + 1;
  const where = `of ${notebook.title.label || 'the notebook'}`;
  const source = cell.model.sharedModel.getSource();
  if (cell.model.type === 'code' && STRUDEL_CELL.test(source)) {
    cell.model.sharedModel.setSource(`${source.replace(/\n+$/, '')}\n${code}`);
    return `Added to the %%strudel cell ${number} ${where}.`;
  }
  if (cell.model.type === 'code' && !source.trim()) {
    cell.model.sharedModel.setSource(`%%strudel\n${code}`);
    return `Made cell ${number} ${where} a %%strudel cell.`;
  }
  NotebookActions.insertBelow(content);
  content.activeCell?.model.sharedModel.setSource(`%%strudel\n${code}`);
  return `Inserted a %%strudel cell below cell ${number} ${where}.`;
}

/** Put `text` on the system clipboard; false when the browser did not allow it. */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // not focused, or not allowed: the copy command may still be
    }
  }
  let copied = false;
  const handler = (event: ClipboardEvent) => {
    event.preventDefault();
    event.clipboardData?.setData('text/plain', text);
    copied = true;
  };
  document.addEventListener('copy', handler);
  try {
    document.execCommand('copy');
  } finally {
    document.removeEventListener('copy', handler);
  }
  return copied;
}

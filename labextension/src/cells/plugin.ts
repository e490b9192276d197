/**
 * Strudel cells that edit like the REPL: JavaScript highlighting with mini-notation
 * marked, Tab completion with docs, Shift+Tab docs and findings as you type, in every
 * cell whose first line is `%%strudel` (JupyterLab 4 and Notebook 7).
 */
import { JupyterFrontEnd, JupyterFrontEndPlugin } from '@jupyterlab/application';
import { ISanitizer, Notification, Sanitizer } from '@jupyterlab/apputils';
import {
  CodeMirrorEditor,
  EditorExtensionRegistry,
  IEditorExtensionRegistry,
  IEditorLanguageRegistry
} from '@jupyterlab/codemirror';
import { ICompletionProviderManager } from '@jupyterlab/completer';
import { INotebookTracker } from '@jupyterlab/notebook';
import { ISettingRegistry } from '@jupyterlab/settingregistry';

import { FunctionDetail, SoundEntryReply } from '../api';
import { bankDetail, functionDetail, IActions, soundDetail } from '../detail';
import { copyText } from '../notebookCode';
import { StrudelCompletionProvider } from './completer';
import { strudelLinter } from './diagnostics';
import { strudelCells } from './highlight';
import { DOCS_OPEN_CLASS, docsKeymap, docsTooltip, hideDocs, showDocsAtCursor } from './inspect';
import { isStrudelSource } from './strudelCell';

import '../../style/cells.css';

const COMPLETER_SETTINGS = '@jupyterlab/completer-extension:manager';

export const CellCommandIDs = {
  showDocs: 'strudel-jupyter:show-docs',
  hideDocs: 'strudel-jupyter:hide-docs'
} as const;

/** The sidebar's detail view, cut to what a panel beside the code needs: one example. */
function renderer(actions: IActions): (detail: FunctionDetail | SoundEntryReply) => HTMLElement {
  return detail => {
    const node =
      detail.kind === 'function'
        ? functionDetail({ ...detail, examples: detail.examples.slice(0, 1) }, actions)
        : detail.kind === 'sound'
          ? soundDetail(detail, actions)
          : bankDetail(detail, actions);
    node.classList.add('jp-strudel-docs');
    return node;
  };
}

export const strudelCellsPlugin: JupyterFrontEndPlugin<void> = {
  id: 'strudel-jupyter:cells',
  description: 'Strudel cells (%%strudel): highlighting, completion with docs, findings as you type.',
  autoStart: true,
  requires: [IEditorExtensionRegistry, IEditorLanguageRegistry],
  optional: [ICompletionProviderManager, INotebookTracker, ISanitizer, ISettingRegistry],
  activate: async (
    app: JupyterFrontEnd,
    extensions: IEditorExtensionRegistry,
    languages: IEditorLanguageRegistry,
    completion: ICompletionProviderManager | null,
    notebooks: INotebookTracker | null,
    sanitizer: ISanitizer | null,
    settings: ISettingRegistry | null
  ) => {
    const html = sanitizer ?? new Sanitizer();
    const actions: IActions = {
      insert: code => {
        const editor = notebooks?.activeCell?.editor;
        if (!editor?.replaceSelection) {
          return false;
        }
        editor.replaceSelection(code);
        return true;
      },
      copy: (text, what) => {
        void copyText(text).then(copied =>
          copied
            ? Notification.success(`Copied ${what}`, { autoClose: 1500 })
            : Notification.warning(`The browser did not allow copying ${what}.`, { autoClose: 4000 })
        );
      },
      sanitize: value => html.sanitize(value),
      show: () => undefined
    };
    const render = renderer(actions);

    const javascript = (await languages.getLanguage('javascript'))?.support;
    if (javascript) {
      const extension = strudelCells(javascript, [strudelLinter, docsTooltip, docsKeymap]);
      extensions.addExtension({
        name: 'strudel-jupyter:cells',
        factory: () => EditorExtensionRegistry.createImmutableExtension(extension)
      });
    } else {
      console.warn('strudel-jupyter: no JavaScript language in the editor registry; Strudel cells are not highlighted');
    }

    if (completion) {
      // The documentation panel is shown in Strudel cells; elsewhere the user's setting applies.
      let userShowsDocs = false;
      if (settings) {
        void settings
          .load(COMPLETER_SETTINGS)
          .then(loaded => {
            const read = () => {
              userShowsDocs = loaded.composite.showDocumentationPanel === true;
            };
            read();
            loaded.changed.connect(read);
          })
          .catch(() => undefined);
      }
      const manager = completion as ICompletionProviderManager & {
        setShowDocumentationPanel?: (show: boolean) => void;
      };
      completion.registerProvider(
        new StrudelCompletionProvider({
          renderDetail: render,
          showDocumentation: strudelCell => manager.setShowDocumentationPanel?.(strudelCell || userShowsDocs)
        })
      );
    }

    app.commands.addCommand(CellCommandIDs.showDocs, {
      label: 'Show Strudel Documentation at the Cursor',
      isEnabled: () => isStrudelSource(notebooks?.activeCell?.model.sharedModel.getSource() ?? ''),
      execute: async () => {
        const editor = notebooks?.activeCell?.editor;
        if (!(editor instanceof CodeMirrorEditor)) {
          return null;
        }
        return showDocsAtCursor(editor.editor, render);
      }
    });
    // Deeper than the notebook's own Shift+Tab binding (on the editor's host), so it wins in Strudel cells only.
    app.commands.addKeyBinding({
      command: CellCommandIDs.showDocs,
      keys: ['Shift Tab'],
      selector:
        '.jp-Notebook.jp-mod-editMode .jp-InputArea-editor:not(.jp-mod-has-primary-selection):not(.jp-mod-in-leading-whitespace):not(.jp-mod-completer-active) .cm-editor.jp-strudel-editor'
    });

    app.commands.addCommand(CellCommandIDs.hideDocs, {
      label: 'Hide Strudel Documentation',
      execute: () => {
        const editor = notebooks?.activeCell?.editor;
        return editor instanceof CodeMirrorEditor && hideDocs(editor.editor);
      }
    });
    // Notebook 7 handles shortcuts before the editor sees the key, and its Escape leaves edit
    // mode: while the docs are open this deeper binding closes them instead, as in JupyterLab.
    app.commands.addKeyBinding({
      command: CellCommandIDs.hideDocs,
      keys: ['Escape'],
      selector: `.jp-Notebook.jp-mod-editMode .cm-editor.${DOCS_OPEN_CLASS}`
    });
  }
};

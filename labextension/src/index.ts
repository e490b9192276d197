/**
 * strudel-jupyter: the Strudel REPL's reference and sounds tabs as a JupyterLab sidebar.
 */
import { ILabShell, ILayoutRestorer, JupyterFrontEnd, JupyterFrontEndPlugin } from '@jupyterlab/application';
import { ICommandPalette, ISanitizer, Notification, Sanitizer } from '@jupyterlab/apputils';
import { INotebookTracker } from '@jupyterlab/notebook';
import { LabIcon } from '@jupyterlab/ui-components';

import { StrudelPanel } from './panel';
import { strudelCellsPlugin } from './cells/plugin';
import { kernelCodePlugin } from './kernelCode';
import { copyText, insertStrudelCode } from './notebookCode';
import soundPlugin from './pattern-output';

const PLUGIN_ID = 'strudel-jupyter:sidebar';
const PANEL_ID = 'strudel-jupyter-sidebar';

export const CommandIDs = {
  open: 'strudel-jupyter:open'
} as const;

/** A waveform over a dot: the sidebar's tab icon (uses the theme's icon colour). */
export const strudelIcon = new LabIcon({
  name: 'strudel-jupyter:icon',
  svgstr:
    '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 24 24">' +
    '<path class="jp-icon3" fill="none" stroke="#616161" stroke-width="2" stroke-linecap="round" ' +
    'stroke-linejoin="round" d="M2 12h3l2-6 3 12 3-15 3 18 2-9h4"/></svg>'
});

const plugin: JupyterFrontEndPlugin<void> = {
  id: PLUGIN_ID,
  description: "A sidebar mirroring the Strudel REPL's reference and sounds tabs.",
  autoStart: true,
  optional: [ICommandPalette, ILayoutRestorer, ILabShell, INotebookTracker, ISanitizer],
  activate: (
    app: JupyterFrontEnd,
    palette: ICommandPalette | null,
    restorer: ILayoutRestorer | null,
    labShell: ILabShell | null,
    notebooks: INotebookTracker | null,
    sanitizer: ISanitizer | null
  ) => {
    const htmlSanitizer = sanitizer ?? new Sanitizer();

    // Strudel code runs in a `%%strudel` cell: Insert adds to one on its own line, or makes one.
    const insert = (code: string): boolean => {
      const notebook = notebooks?.currentWidget;
      if (!notebook || !insertStrudelCode(notebook, code)) {
        Notification.warning('Open a notebook to insert Strudel code into.', { autoClose: 4000 });
        return false;
      }
      return true;
    };

    const copy = (text: string, what: string): void => {
      void copyText(text).then(copied =>
        copied
          ? Notification.success(`Copied ${what}`, { autoClose: 1500 })
          : Notification.warning(`The browser did not allow copying ${what}: select it and copy it.`, {
              autoClose: 4000
            })
      );
    };

    const panel = new StrudelPanel({ insert, copy, sanitize: html => htmlSanitizer.sanitize(html) });
    panel.id = PANEL_ID;
    panel.title.icon = strudelIcon;
    panel.title.caption = 'Strudel reference and sounds';
    app.shell.add(panel, 'left', { rank: 600 });
    restorer?.add(panel, PANEL_ID);

    app.commands.addCommand(CommandIDs.open, {
      label: 'Open Strudel Reference and Sounds',
      caption: "Show the sidebar mirroring the Strudel REPL's reference and sounds tabs",
      icon: strudelIcon,
      execute: () => {
        if (labShell) {
          labShell.expandLeft();
        }
        app.shell.activateById(PANEL_ID);
        // The palette hands focus back to the notebook as it closes: take it after that.
        panel.focusSearch();
        requestAnimationFrame(() => panel.focusSearch());
      }
    });
    palette?.addItem({ command: CommandIDs.open, category: 'Strudel' });
  }
};

export default [plugin, soundPlugin, strudelCellsPlugin, kernelCodePlugin];

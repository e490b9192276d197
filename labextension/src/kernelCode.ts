/**
 * Insert and Copy asked by a kernel: the ipywidgets panel's buttons run in the kernel, which
 * opens a comm on the target `strudel_jupyter` with `{action: 'insert' | 'copy', code}`. This
 * plugin registers the target on every notebook's kernel; the notebook whose connection sent
 * the click does it (as the sidebar does, notebookCode.ts) and answers `{ok, message}` before
 * closing the comm. The kernel's side: strudel_jupyter/jupyter/frontend_actions.py.
 */
import { JupyterFrontEnd, JupyterFrontEndPlugin } from '@jupyterlab/application';
import { INotebookTracker, NotebookPanel } from '@jupyterlab/notebook';
import { Kernel, KernelMessage } from '@jupyterlab/services';

import { copyText, insertStrudelCode } from './notebookCode';

export const COMM_TARGET = 'strudel_jupyter';
/** As the kernel bounds it (MAX_CODE_CHARS). */
const MAX_CODE_CHARS = 20_000;

interface IReply {
  ok: boolean;
  message: string;
}

interface IRequest {
  action: 'insert' | 'copy';
  code: string;
}

function readRequest(data: unknown): IRequest | string {
  const { action, code } = (data ?? {}) as Partial<Record<string, unknown>>;
  if (action !== 'insert' && action !== 'copy') {
    return `Unknown action ${JSON.stringify(action)}: insert or copy.`;
  }
  if (typeof code !== 'string' || code.length > MAX_CODE_CHARS) {
    return `The code must be text of at most ${MAX_CODE_CHARS} characters.`;
  }
  return { action, code };
}

/** The notebook this kernel connection serves: the current one when it does, else the first. */
function notebookOf(tracker: INotebookTracker, kernel: Kernel.IKernelConnection): NotebookPanel | null {
  const current = tracker.currentWidget;
  if (current?.sessionContext.session?.kernel === kernel) {
    return current;
  }
  return tracker.find(notebook => notebook.sessionContext.session?.kernel === kernel) ?? null;
}

async function answer(tracker: INotebookTracker, kernel: Kernel.IKernelConnection, data: unknown): Promise<IReply> {
  const request = readRequest(data);
  if (typeof request === 'string') {
    return { ok: false, message: request };
  }
  if (request.action === 'copy') {
    return (await copyText(request.code))
      ? { ok: true, message: 'Copied to the clipboard.' }
      : { ok: false, message: 'The browser did not allow copying to the clipboard.' };
  }
  const notebook = notebookOf(tracker, kernel);
  const done = notebook ? insertStrudelCode(notebook, request.code) : null;
  return done ? { ok: true, message: done } : { ok: false, message: 'The notebook has no cell to insert below.' };
}

/** Comms already answered in this page: every connection to a kernel sees each comm_open. */
const answered = new Set<string>();

function registerOn(tracker: INotebookTracker, kernel: Kernel.IKernelConnection): void {
  kernel.registerCommTarget(COMM_TARGET, (comm: Kernel.IComm, msg: KernelMessage.ICommOpenMsg) => {
    // The click came through one connection (its clientId is the request's session): that
    // notebook answers. A request with no sender goes to the current notebook.
    const sender = (msg.parent_header as Partial<KernelMessage.IHeader>).session;
    const mine = sender ? sender === kernel.clientId : tracker.currentWidget?.sessionContext.session?.kernel === kernel;
    if (!mine || answered.has(comm.commId)) {
      return;
    }
    answered.add(comm.commId);
    // Not awaited: the connection waits for this callback before it reads the next message.
    void answer(tracker, kernel, msg.content.data)
      .catch((error: unknown) => ({ ok: false, message: String(error) }))
      .then(reply => {
        comm.send({ ...reply });
        comm.close();
      });
  });
}

export const kernelCodePlugin: JupyterFrontEndPlugin<void> = {
  id: 'strudel-jupyter:kernel-code',
  description: 'Insert and Copy asked by the kernel (the ipywidgets panel), through the strudel_jupyter comm.',
  autoStart: true,
  requires: [INotebookTracker],
  activate: (_app: JupyterFrontEnd, tracker: INotebookTracker) => {
    const registered = new WeakSet<Kernel.IKernelConnection>();
    const attach = (kernel: Kernel.IKernelConnection | null | undefined) => {
      if (kernel && !registered.has(kernel)) {
        registered.add(kernel);
        registerOn(tracker, kernel);
      }
    };
    const watch = (notebook: NotebookPanel) => {
      attach(notebook.sessionContext.session?.kernel);
      notebook.sessionContext.kernelChanged.connect((_context, change) => attach(change.newValue));
    };
    tracker.forEach(watch);
    tracker.widgetAdded.connect((_tracker, notebook) => watch(notebook));
  }
};

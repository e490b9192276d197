/**
 * Tab in a `%%strudel` cell: the core's completions (server route `complete`), in the
 * core's order, with the selected item's documentation beside the list, as the REPL's
 * autocomplete panel shows it (description, params, one example; the sidebar's detail
 * view over the same sanitised HTML).
 *
 * The ranking is the server's: the model below keeps its order and only drops items the
 * word typed since no longer fits. In other cells this provider stands aside and
 * JupyterLab's own model, renderer and documentation setting apply unchanged.
 */
import {
  Completer,
  CompleterModel,
  CompletionHandler,
  ICompletionContext,
  ICompletionProvider
} from '@jupyterlab/completer';

import { FunctionDetail, postAPI, requestAPI, SoundEntryReply } from '../api';
import { bodyStart, CompletionItem, isStrudelSource, toCodePoints, toUtf16 } from './strudelCell';

/** A completion item that came from the Strudel engine. */
export interface IStrudelItem extends CompletionHandler.ICompletionItem {
  strudel: CompletionItem;
  /** The word the engine ranked the items for. */
  word: string;
  detail?: FunctionDetail | SoundEntryReply | null;
}

function isStrudelItem(item: CompletionHandler.ICompletionItem | undefined): item is IStrudelItem {
  return !!item && 'strudel' in item;
}

/** Whether `query` can still be typed towards `text` (its letters in order): a filter, not a ranking. */
function fits(text: string, query: string): boolean {
  const lower = text.toLowerCase();
  let i = 0;
  for (const ch of query.toLowerCase()) {
    i = lower.indexOf(ch, i) + 1;
    if (i === 0) {
      return false;
    }
  }
  return true;
}

/** JupyterLab's completer model, except that Strudel items keep the engine's order. */
export class StrudelCompleterModel extends CompleterModel {
  private strudelItems: IStrudelItem[] | null = null;

  setCompletionItems(items: CompletionHandler.ICompletionItems): void {
    const ours = items.filter(isStrudelItem);
    // In a Strudel cell, Python names from the kernel are noise.
    this.strudelItems = ours.length ? ours : null;
    super.setCompletionItems(ours.length ? ours : items);
  }

  reset(hard = false): void {
    // The base model ignores a soft reset after a common-prefix match: keep ours then too.
    const kept = this.strudelItems;
    this.strudelItems = null;
    super.reset(hard);
    if (this.original) {
      this.strudelItems = kept;
    }
  }

  completionItems(): CompletionHandler.ICompletionItems {
    const items = this.strudelItems;
    if (!items) {
      return super.completionItems();
    }
    if (!this.processedItemsCache) {
      const query = this.query;
      this.processedItemsCache = items.filter(item => !query || query === item.word || fits(item.label, query));
    }
    return this.processedItemsCache;
  }
}

/** The completer's renderer: Strudel items' docs as the sidebar's detail view, others unchanged. */
export class StrudelCompleterRenderer extends Completer.Renderer {
  constructor(private readonly renderDetail: (detail: FunctionDetail | SoundEntryReply) => HTMLElement) {
    super();
  }

  createDocumentationNode(item: CompletionHandler.ICompletionItem): HTMLElement {
    if (isStrudelItem(item) && item.detail) {
      return this.renderDetail(item.detail);
    }
    return super.createDocumentationNode(item);
  }
}

export interface IStrudelProviderOptions {
  renderDetail: (detail: FunctionDetail | SoundEntryReply) => HTMLElement;
  /** Show the completer's documentation panel (true in Strudel cells, the user's setting elsewhere). */
  showDocumentation: (strudelCell: boolean) => void;
}

export class StrudelCompletionProvider implements ICompletionProvider<CompletionHandler.ICompletionItem> {
  readonly identifier = 'strudel-jupyter:completer';
  // Above the debugger's provider (1000): the first provider's model and renderer serve every
  // cell, and ours hand anything that is not a Strudel item to JupyterLab's own.
  readonly rank = 1100;
  readonly renderer: Completer.IRenderer;

  constructor(private readonly options: IStrudelProviderOptions) {
    this.renderer = new StrudelCompleterRenderer(options.renderDetail);
  }

  modelFactory(): Promise<Completer.IModel> {
    return Promise.resolve(new StrudelCompleterModel());
  }

  isApplicable(context: ICompletionContext): Promise<boolean> {
    const strudel = !!context.editor && isStrudelSource(context.editor.model.sharedModel.getSource());
    this.options.showDocumentation(strudel);
    return Promise.resolve(strudel);
  }

  async fetch(
    request: CompletionHandler.IRequest
  ): Promise<CompletionHandler.ICompletionItemsReply<CompletionHandler.ICompletionItem>> {
    const { text, offset } = request;
    const start = bodyStart(text);
    const none = { start: offset, end: offset, items: [] };
    if (!isStrudelSource(text) || start < 0 || offset < start) {
      return none; // the magic's own line is IPython's
    }
    const code = text.slice(start);
    const reply = await postAPI('complete', { code, cursor: toCodePoints(code, offset - start) });
    const from = start + toUtf16(code, reply.start);
    const to = start + toUtf16(code, reply.end);
    const word = text.slice(from, to);
    const items: IStrudelItem[] = reply.items.map(item => ({
      label: item.text,
      insertText: item.text,
      type: item.kind,
      strudel: item,
      word
    }));
    return { start: from, end: to, items };
  }

  async resolve(item: CompletionHandler.ICompletionItem): Promise<CompletionHandler.ICompletionItem> {
    if (!isStrudelItem(item) || item.detail !== undefined) {
      return item;
    }
    const { kind, name, detail } = item.strudel;
    try {
      if (kind === 'function') {
        item.detail = await requestAPI<FunctionDetail>(['reference', name]);
      } else if (kind === 'sound' || kind === 'bank') {
        item.detail = await requestAPI<SoundEntryReply>(['sounds', name]);
      } else {
        item.detail = null;
      }
    } catch {
      item.detail = null;
    }
    // The panel opens only for an item with documentation: the plain text is the fallback.
    item.documentation = item.detail ? ('description' in item.detail ? item.detail.description : detail) : detail;
    return item;
  }
}

/**
 * Detail views: a reference entry as the reference tab shows it, a sound or a bank.
 */
import { BankItem, FunctionDetail, requestAPI, SoundDetail } from './api';
import { h } from './dom';
import type { RestResponses } from './rest.generated';

/** What the detail views can do outside the panel. */
export interface IActions {
  /** Insert code into the active notebook cell; false when there is none. */
  insert(code: string): boolean;
  copy(text: string, what: string): void;
  /** JupyterLab's HTML sanitizer (doc.json descriptions are HTML written by many hands). */
  sanitize(html: string): string;
  /** Show another entry (a name in a bank's sound list, a suggestion). */
  show(kind: 'reference' | 'sounds', name: string): void;
}

/** A code block with "Insert into cell" and "Copy" buttons. */
export function codeBlock(code: string, actions: IActions, label: string): HTMLElement {
  return h(
    'div',
    { className: 'jp-Strudel-code' },
    h('pre', {}, h('code', {}, code)),
    h(
      'div',
      { className: 'jp-Strudel-codeActions' },
      h(
        'button',
        {
          type: 'button',
          className: 'jp-Strudel-action jp-Strudel-insert',
          title: 'Insert into the active notebook cell',
          'aria-label': `Insert ${label} into the active cell`,
          onClick: () => actions.insert(code)
        },
        'Insert'
      ),
      h(
        'button',
        {
          type: 'button',
          className: 'jp-Strudel-action jp-Strudel-copy',
          title: 'Copy to the clipboard',
          'aria-label': `Copy ${label}`,
          onClick: () => actions.copy(code, label)
        },
        'Copy'
      )
    )
  );
}

function heading(name: string, kind: string): HTMLElement {
  return h(
    'h2',
    { className: 'jp-Strudel-detailTitle', tabindex: -1 },
    h('span', { className: 'jp-Strudel-detailName' }, name),
    h('span', { className: 'jp-Strudel-kind' }, kind)
  );
}

function chips(values: string[], className: string): HTMLElement | null {
  if (!values.length) {
    return null;
  }
  return h('ul', { className: `jp-Strudel-chips ${className}` }, ...values.map(v => h('li', {}, v)));
}

/**
 * Under each example, the picture of what it plays (GET reference/<name>/pictures, after the
 * detail shows). Our own SVG, built from escaped text; it goes in as an <img> data URL, so
 * nothing in it could run, and no string is ever set as HTML here.
 */
function showPictures(name: string, slots: HTMLElement[]): void {
  if (!slots.length) {
    return;
  }
  requestAPI<RestResponses['example_pictures']>(['reference', name, 'pictures'])
    .then(reply => {
      reply.pictures.forEach((svg, i) => {
        if (svg && slots[i]) {
          slots[i].replaceChildren(
            h('img', {
              className: 'jp-Strudel-picture',
              alt: `What example ${i + 1} of ${name} plays (${reply.cycles} cycles)`,
              src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
            })
          );
        }
      });
    })
    .catch(() => undefined); // no picture is no loss: the example is there
}

export function functionDetail(item: FunctionDetail, actions: IActions): HTMLElement {
  const description = h('div', { className: 'jp-Strudel-description' });
  // Sanitised on the server (nh3) and again here with JupyterLab's own sanitizer.
  description.innerHTML = actions.sanitize(item.description_html ?? '');
  if (!description.textContent?.trim()) {
    description.textContent = item.description;
  }
  const params = item.params.filter(p => p.name);
  const pictures = item.examples.map(() => h('div', { className: 'jp-Strudel-exampleFigure' }));
  showPictures(item.name, pictures);
  return h(
    'article',
    { className: 'jp-Strudel-detail', 'aria-label': `${item.name} reference`, 'data-name': item.name },
    heading(item.name, 'function'),
    chips(item.display_tags ?? item.tags, 'jp-Strudel-tags'),
    item.synonyms_text ? h('p', { className: 'jp-Strudel-synonyms' }, `Synonyms: ${item.synonyms_text}`) : null,
    description,
    params.length
      ? h(
          'section',
          { className: 'jp-Strudel-params', 'aria-label': 'Parameters' },
          h('h3', {}, 'Parameters'),
          h(
            'ul',
            {},
            ...params.map(p =>
              h(
                'li',
                {},
                h('code', {}, p.name),
                p.type ? ` : ${p.type}` : '',
                p.description ? ` - ${p.description}` : ''
              )
            )
          )
        )
      : null,
    h(
      'section',
      { className: 'jp-Strudel-examples', 'aria-label': 'Examples' },
      h('h3', {}, item.examples.length === 1 ? 'Example' : 'Examples'),
      ...(item.examples.length
        ? item.examples.flatMap((code, i) => [
            codeBlock(code, actions, `example ${i + 1} of ${item.name}`),
            pictures[i]
          ])
        : [h('p', { className: 'jp-Strudel-muted' }, 'No example in the bundled docs.')])
    )
  );
}

function facts(rows: [string, string | null | undefined][]): HTMLElement {
  return h(
    'dl',
    { className: 'jp-Strudel-facts' },
    ...rows.filter(([, value]) => value).flatMap(([key, value]) => [h('dt', {}, key), h('dd', {}, value as string)])
  );
}

function nameLinks(names: string[], actions: IActions, limit = 60): HTMLElement {
  const shown = names.slice(0, limit);
  return h(
    'ul',
    { className: 'jp-Strudel-chips jp-Strudel-links' },
    ...shown.map(name =>
      h(
        'li',
        {},
        h('button', { type: 'button', className: 'jp-Strudel-link', onClick: () => actions.show('sounds', name) }, name)
      )
    ),
    names.length > limit ? h('li', { className: 'jp-Strudel-muted' }, `and ${names.length - limit} more`) : null
  );
}

export function soundDetail(item: SoundDetail, actions: IActions): HTMLElement {
  const snippet = `s("${item.name}")`;
  const unit = item.type === 'wavetable' ? 'tables' : item.type === 'soundfont' ? 'fonts' : 'samples';
  const banks = item.banks_with_sound ?? [];
  return h(
    'article',
    { className: 'jp-Strudel-detail', 'aria-label': `${item.name} sound`, 'data-name': item.name },
    heading(item.name, 'sound'),
    facts([
      ['type', item.type],
      ['category', item.categories.join(', ') || item.category],
      [unit, item.count === null ? null : String(item.count)],
      ['bank', item.bank || null],
      ['alias of', item.alias_of]
    ]),
    h('h3', {}, 'Snippet'),
    codeBlock(snippet, actions, snippet),
    item.usage !== snippet ? h('h3', {}, 'Usage') : null,
    item.usage !== snippet ? codeBlock(item.usage, actions, `usage of ${item.name}`) : null,
    banks.length ? h('h3', {}, `Banks with ${item.sound} (${banks.length})`) : null,
    banks.length ? nameLinks(banks, actions) : null
  );
}

export function bankDetail(item: BankItem, actions: IActions): HTMLElement {
  return h(
    'article',
    { className: 'jp-Strudel-detail', 'aria-label': `${item.label} bank`, 'data-name': item.name },
    heading(item.label, 'bank'),
    facts([
      ['category', item.category],
      ['sounds', String(item.count)],
      ['alias of', item.alias_of],
      ['aliases', item.aliases.join(', ')]
    ]),
    h('h3', {}, 'Usage'),
    codeBlock(item.usage, actions, `usage of bank ${item.label}`),
    h('h3', {}, 'Sounds'),
    nameLinks(
      item.sounds.map(sound => `${item.name}_${sound}`),
      actions
    )
  );
}

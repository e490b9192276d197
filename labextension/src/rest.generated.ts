/**
 * The REST API's response types. GENERATED: do not edit by hand.
 *
 * Written by `jlpm schema:types` (scripts/schema-types.mjs, json-schema-to-typescript) from
 * schema/rest.schema.json, which `python -m strudel_jupyter.devtools.rest_schema` writes from
 * the Python types in strudel_jupyter/jupyter/rest/payloads.py. Change those, then run both.
 */

/**
 * The body of each route's successful answer (and of every error), by route.
 */
export interface RestResponses {
  knowledge: KnowledgeSuccess | KnowledgeFailure;
  reference: ReferencePage;
  reference_entry: FunctionDetail;
  example_pictures: ExamplePictures;
  sounds: SoundsPage;
  sound_entry: SoundDetail | BankItem;
  categories: CategoriesReply;
  tags: TagsReply;
  sound_sources: SoundSourcesReply;
  complete: CompletionsDict;
  inspect: InspectReply;
  validate: ValidationResult;
  user_sounds: UserSoundsReply;
  samples_status: SampleCacheStatus;
  error: ErrorReply;
}
export interface KnowledgeSuccess {
  ok: true;
  query: string;
  domain: 'reference' | 'sounds' | 'auto';
  mode: 'search' | 'detail' | 'list';
  answer: string;
  items: (FunctionItem | SoundItem | BankItem)[];
  sources: string[];
  notes: string[];
  groups?: {
    [k: string]: (FunctionItem | SoundItem | BankItem)[];
  };
  total?: number;
  pages?: PageCitation[];
  tonal?: TonalNames;
  confidence?: number;
}
export interface FunctionItem {
  kind: 'function';
  name: string;
  synonyms: string[];
  description: string;
  usage: string;
  params: Param[];
  examples: string[];
  tags: string[];
  source: string;
  match: 'exact' | 'synonym' | 'prefix' | 'fuzzy' | 'text' | 'listed';
  score: number;
  via?: string;
}
export interface Param {
  name: string;
  type: string;
  description: string;
}
export interface SoundItem {
  kind: 'sound';
  name: string;
  type: string;
  category: string;
  categories: string[];
  tag: string;
  count: number | null;
  bank: string;
  sound: string;
  usage: string;
  examples: string[];
  match: 'exact' | 'synonym' | 'prefix' | 'fuzzy' | 'text' | 'listed';
  score: number;
  alias_of?: string;
  sample_index?: number;
  via?: string;
}
export interface BankItem {
  kind: 'bank';
  name: string;
  label: string;
  category: string;
  count: number;
  sounds: string[];
  aliases: string[];
  usage: string;
  examples: string[];
  match: 'exact' | 'synonym' | 'prefix' | 'fuzzy' | 'text' | 'listed';
  score: number;
  alias_of?: string;
}
/**
 * A passage of Strudel's tutorial pages an answer cites (``lookup/pages.py``).
 */
export interface PageCitation {
  source: string;
  url: string;
  title: string;
  heading: string;
  function: string;
  example?: string;
}
/**
 * The tonal names a scale, chord or voicing answer is about: a top-level ``tonal`` field, never items.
 *
 * Items hold only the spec's kinds (the functions that read these names come first); the
 * names themselves (``minor pentatonic``, ``m7b5``, ``lefthand``) are here, bounded by
 * ``MAX_TONAL_NAMES``, for front ends to show.
 */
export interface TonalNames {
  what: 'scales' | 'chord types' | 'voicing dictionaries';
  found: boolean;
  names: string[];
  total: number;
  entries: (TonalScale | TonalChord | TonalVoicing)[];
}
/**
 * A scale type ``scale()`` accepts after a tonic (tonal.json).
 */
export interface TonalScale {
  kind: 'scale';
  name: string;
  written: string;
  aliases: string[];
  intervals: string[];
  usage: string;
  examples: string[];
  match: 'exact' | 'synonym' | 'prefix' | 'fuzzy' | 'text' | 'listed';
  score: number;
}
/**
 * A chord type tonal knows, with the symbols that spell it and the voicing dictionaries that have them.
 */
export interface TonalChord {
  kind: 'chord';
  name: string;
  symbols: string[];
  quality: string;
  intervals: string[];
  dictionaries: string[];
  usage: string;
  examples: string[];
  match: 'exact' | 'synonym' | 'prefix' | 'fuzzy' | 'text' | 'listed';
  score: number;
}
/**
 * A voicing dictionary of ``voicing()`` and the chord symbols it has.
 */
export interface TonalVoicing {
  kind: 'voicing';
  name: string;
  default: boolean;
  symbols: string[];
  mode: string | null;
  anchor: string | null;
  range: string[] | null;
  usage: string;
  examples: string[];
  match: 'exact' | 'synonym' | 'prefix' | 'fuzzy' | 'text' | 'listed';
  score: number;
}
export interface KnowledgeFailure {
  ok: false;
  query: string;
  reason: string;
  answer: string;
  suggestions: string[];
  sources: string[];
  notes?: string[];
  domain?: string;
  mode?: string;
  items?: (FunctionItem | SoundItem | BankItem)[];
  tonal?: TonalNames;
  confidence?: number;
}
/**
 * GET reference: one page of the reference tab's list for a search and a tag.
 */
export interface ReferencePage {
  search: string;
  tag: string;
  total: number;
  offset: number;
  limit: number;
  items: ReferenceRow[];
  tags: {
    [k: string]: number;
  };
  suggestions: string[];
  status: string;
  details: FunctionDetail[];
}
/**
 * One row of the reference list: light, no description.
 */
export interface ReferenceRow {
  name: string;
  synonyms: string[];
  tags: string[];
}
/**
 * GET reference/<name>: the function item with every example, plus the tab's extras.
 */
export interface FunctionDetail {
  kind: 'function';
  name: string;
  synonyms: string[];
  description: string;
  usage: string;
  params: Param[];
  examples: string[];
  tags: string[];
  source: string;
  match: 'exact' | 'synonym' | 'prefix' | 'fuzzy' | 'text' | 'listed';
  score: number;
  via?: string;
  description_html: string;
  synonyms_text: string;
  display_tags: string[];
}
/**
 * GET reference/<name>/pictures: what each example of a function plays, as SVG (None: no picture).
 */
export interface ExamplePictures {
  name: string;
  cycles: number;
  pictures: (string | null)[];
}
/**
 * GET sounds: one page of the sounds tab's list for a search and a category.
 */
export interface SoundsPage {
  search: string;
  category: string;
  total: number;
  offset: number;
  limit: number;
  items: SoundRow[];
  categories: {
    [k: string]: number;
  };
  matching: {
    [k: string]: number;
  };
  suggestions: string[];
  status: string;
  details: (SoundDetail | BankItem)[];
  version: number;
}
/**
 * One row of the sounds list: the name as the tab prints it (``bd(8)``).
 */
export interface SoundRow {
  name: string;
  label: string;
  count: number | null;
  type: string;
  categories: string[];
}
/**
 * GET sounds/<name> for a sound: the sound item plus its label and the banks that have it.
 */
export interface SoundDetail {
  kind: 'sound';
  name: string;
  type: string;
  category: string;
  categories: string[];
  tag: string;
  count: number | null;
  bank: string;
  sound: string;
  usage: string;
  examples: string[];
  match: 'exact' | 'synonym' | 'prefix' | 'fuzzy' | 'text' | 'listed';
  score: number;
  alias_of?: string;
  sample_index?: number;
  via?: string;
  label: string;
  banks_with_sound: string[];
}
/**
 * GET categories: the sounds tab's category buttons with their counts.
 */
export interface CategoriesReply {
  categories: {
    [k: string]: number;
  };
}
/**
 * GET tags: the reference tab's tag row with counts, and the number of entries.
 */
export interface TagsReply {
  tags: {
    [k: string]: number;
  };
  total: number;
}
/**
 * GET sound-sources: what the browser's audio engine registers before it plays.
 */
export interface SoundSourcesReply {
  maps: SampleMapSource[];
  alias_url: string | null;
  user: {
    [k: string]: UserSound;
  };
}
/**
 * One ``samples(map, baseUrl, options)`` call of the prebake, in call order.
 */
export interface SampleMapSource {
  name: string;
  url: string | null;
  map?: {
    [k: string]: unknown;
  };
  baseUrl: string;
  options: {
    [k: string]: unknown;
  };
}
/**
 * A sound registered with ``register_sounds``: its type and full sample (or table) URLs.
 */
export interface UserSound {
  type: string;
  files:
    | string[]
    | {
        [k: string]: string[];
      };
}
/**
 * The completions of ``code[start:end]``, best first; ``slot`` null where no name fits.
 */
export interface CompletionsDict {
  slot: ('global' | 'method' | 'sound' | 'bank' | 'scale' | 'chord' | 'voicing') | null;
  start: number;
  end: number;
  items: CompletionItem[];
}
/**
 * One completion: ``text`` replaces the word typed; ``name`` is the entry that documents it.
 */
export interface CompletionItem {
  text: string;
  kind: 'function' | 'sound' | 'bank' | 'scale' | 'chord' | 'voicing';
  name: string;
  match: 'exact' | 'synonym' | 'prefix' | 'fuzzy' | 'text' | 'listed';
  score: number;
  detail: string;
}
/**
 * POST inspect: the detail of the name under the cursor, as the sidebar shows it; null for none.
 */
export interface InspectReply {
  item: FunctionDetail | SoundDetail | BankItem | null;
}
export interface ValidationResult {
  ok: boolean;
  errors: number;
  warnings: number;
  info: number;
  findings: FindingDict[];
  summary: string;
}
export interface FindingDict {
  severity: 'error' | 'warning' | 'info';
  kind: string;
  name: string;
  message: string;
  line: number;
  column: number;
  suggestions: string[];
}
/**
 * GET/POST/DELETE user-sounds: your own sounds (the store kernels share) as the server shows them.
 */
export interface UserSoundsReply {
  names: string[];
  problems: string[];
  version: number;
  added?: string[];
  removed?: string[];
}
/**
 * GET samples-status: the server's sample cache and whether Strudel's sample server answers.
 */
export interface SampleCacheStatus {
  mirror: string;
  reachable: boolean | null;
  error: string | null;
  message: string;
  cache_dir: string;
  files: number;
  bytes: number;
  sounds: number;
  max_bytes: number;
  packs: SamplePackStatus[];
}
/**
 * One sample pack of the prebake in the sample cache: what of it is on disk.
 */
export interface SamplePackStatus {
  name: string;
  files: number;
  total_files: number;
  sounds: number;
  bytes: number;
  map_cached: boolean;
}
/**
 * Every error: a status code plus this body; never a traceback.
 */
export interface ErrorReply {
  code: string;
  message: string;
  suggestions?: string[];
  allowed?: string[];
}

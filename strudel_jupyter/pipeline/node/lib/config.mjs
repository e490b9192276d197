// Shared settings of the pipeline's Node scripts: pipeline.json, paths and error reporting.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HELPER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const NODE_MODULES = path.join(HELPER_DIR, 'node_modules');
export const CONFIG = JSON.parse(readFileSync(path.join(HELPER_DIR, 'pipeline.json'), 'utf8'));

// CommonJS bundles that Node's cjs-module-lexer cannot read named exports from, but
// that Strudel's dependencies import by name (Vite's pre-bundling papers over this).
export const CJS_NAMED_EXPORTS = ['soundfont2'];

export function packageVersion(name) {
  const file = path.join(NODE_MODULES, name, 'package.json');
  return JSON.parse(readFileSync(file, 'utf8')).version;
}

/** Parse `--key value` pairs; every option is required unless a default is given. */
export function parseArgs(argv, defaults = {}) {
  const options = { ...defaults };
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith('--') || i + 1 >= argv.length) fail(`bad arguments: ${argv.join(' ')}`);
    options[argv[i].slice(2)] = argv[i + 1];
  }
  return options;
}

/** Progress goes to stderr as `progress: ...` lines, which the Python side relays. */
export function progress(message) {
  process.stderr.write(`progress: ${message}\n`);
}

/** One-line failure that the Python side shows as is. */
export function fail(message) {
  process.stderr.write(`error: ${String(message).split('\n')[0]}\n`);
  process.exit(1);
}

export function sortedObject(entries) {
  // code-unit order, like Array.prototype.sort on strings
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

// Build doc.json the way Strudel's `npm run jsdoc-json` does, from the npm tarballs.
//
// Strudel runs `jsdoc packages/ --template jsdoc-json` over its monorepo. Here every
// published Strudel package is laid out again as packages/<monorepo dir>/ so that
// jsdoc walks the same tree in the same order, then jsdoc runs with our config and
// plugin. Absolute paths jsdoc writes (meta.path, the package doclet's files) are
// made relative to the tree root, e.g. "packages/core".
//
// usage: node build-doc.mjs --out doc.json --tree <scratch dir>

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG, HELPER_DIR, NODE_MODULES, fail, parseArgs, progress } from './lib/config.mjs';

const options = parseArgs(process.argv.slice(2));
const out = path.resolve(options.out);
const tree = path.resolve(options.tree);
const configFile = path.join(HELPER_DIR, 'jsdoc', 'jsdoc.config.json');
const jsdocConfig = JSON.parse(readFileSync(configFile, 'utf8'));

// The exclude pattern is matched against absolute paths; a scratch tree that itself
// matched it would silently document nothing.
if (new RegExp(jsdocConfig.source.excludePattern).test(path.join(tree, 'packages', 'x', 'y.mjs'))) {
  fail(`the scratch directory ${tree} matches jsdoc's excludePattern; choose another --work-dir`);
}

rmSync(tree, { recursive: true, force: true });
const packagesDir = path.join(tree, 'packages');
mkdirSync(packagesDir, { recursive: true });
for (const pkg of CONFIG.packages) {
  const src = path.join(NODE_MODULES, pkg.name);
  if (!existsSync(path.join(src, 'package.json'))) fail(`${pkg.name} is not installed in ${NODE_MODULES}`);
  // nested node_modules would be excluded by jsdoc anyway; not copying them keeps this fast
  cpSync(src, path.join(packagesDir, pkg.dir), {
    recursive: true,
    filter: (file) => !file.slice(src.length).split(path.sep).includes('node_modules'),
  });
}

progress(`running jsdoc over ${CONFIG.packages.length} packages`);
const raw = path.join(tree, 'doc.raw.json');
const jsdoc = spawnSync(
  process.execPath,
  [
    path.join(NODE_MODULES, 'jsdoc', 'jsdoc.js'),
    'packages/',
    '--template',
    path.join(NODE_MODULES, 'jsdoc-json'),
    '--destination',
    raw,
    '-c',
    configFile,
  ],
  { cwd: tree, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
if (jsdoc.status !== 0 || !existsSync(raw)) {
  const detail = (jsdoc.stderr || jsdoc.stdout || String(jsdoc.error || '')).trim().split('\n')[0];
  fail(`jsdoc failed (exit ${jsdoc.status}): ${detail}`);
}
if (jsdoc.stderr.trim()) {
  // jsdoc reports parse problems as warnings and carries on; keep them visible
  for (const line of jsdoc.stderr.trim().split('\n').slice(0, 20)) progress(`jsdoc: ${line}`);
}

const doc = JSON.parse(readFileSync(raw, 'utf8'));
const prefix = tree + path.sep;
const relative = (p) => (typeof p === 'string' && p.startsWith(prefix) ? p.slice(prefix.length).split(path.sep).join('/') : p);
let rewritten = 0;
for (const doclet of doc.docs) {
  if (doclet.meta?.path !== undefined) {
    const rel = relative(doclet.meta.path);
    rewritten += rel !== doclet.meta.path;
    doclet.meta.path = rel;
  }
  if (doclet.kind === 'package' && Array.isArray(doclet.files)) {
    doclet.files = doclet.files.map(relative);
  }
}
// same serialisation as jsdoc-json: two-space indent, no trailing newline
writeFileSync(out, JSON.stringify(doc, null, 2));
progress(`doc.json: ${doc.docs.length} doclets (${rewritten} paths made relative)`);

// Node module customization hooks that let the published Strudel sources run in Node.
//
// Strudel's packages are written for Vite: the website imports each workspace
// package's *source* entry, uses `?audioworklet` and `?raw` import suffixes, omits
// file extensions, imports JSON without import attributes, and relies on Vite's
// CommonJS pre-bundling. Node does none of that, so these hooks do the minimum:
//   - a Strudel package name resolves to its source entry (the npm `main` points at a
//     Vite bundle in dist/, which is not what the REPL runs);
//   - a relative import that leaves its package for a sibling monorepo folder
//     (midi's `../superdough/helpers.mjs`) reaches that sibling's npm package;
//   - `?audioworklet` imports become a URL string that is never loaded (no audio here);
//   - `?raw` imports become the file's text;
//   - extensionless relative imports try .mjs, .js and index files;
//   - codemirror's `import jsdoc from '../../doc.json'` gets the doc.json just built;
//   - a third-party package that names an ES module in its `module` field is loaded
//     from there, as Vite does (some `main` entries are browser IIFE bundles);
//   - CommonJS bundles whose named exports Node cannot detect (webpack UMD) get them.
// Nothing here touches Strudel's own logic.

import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const packages = new Map(); // npm name -> { root, entry }
const byDir = new Map(); // monorepo folder name -> package root
let docJson = null;
let cjsNamed = [];

export async function initialize(data) {
  for (const pkg of data.packages) {
    packages.set(pkg.name, { root: path.join(data.nodeModules, pkg.name), entry: pkg.entry });
    byDir.set(pkg.dir, path.join(data.nodeModules, pkg.name));
  }
  docJson = data.docJson || null;
  cjsNamed = data.cjsNamedExports || [];
}

function strudelTarget(specifier) {
  for (const [name, pkg] of packages) {
    if (specifier === name) {
      return pkg.entry ? path.join(pkg.root, pkg.entry) : null;
    }
    if (specifier.startsWith(name + '/')) {
      return path.join(pkg.root, specifier.slice(name.length + 1));
    }
  }
  return null;
}

function strudelPackageOf(parentURL) {
  if (!parentURL?.startsWith('file:')) return null;
  const parent = fileURLToPath(parentURL);
  for (const pkg of packages.values()) {
    if (parent.startsWith(pkg.root + path.sep)) return pkg;
  }
  return null;
}

// In the monorepo, packages/<a>/x.mjs can import '../<b>/y.mjs'; on npm the sibling
// folder is node_modules/<name of b>.
function siblingTarget(specifier, parentURL) {
  const pkg = strudelPackageOf(parentURL);
  if (!pkg) return null;
  const target = path.resolve(path.dirname(fileURLToPath(parentURL)), specifier);
  const rel = path.relative(pkg.root, target).split(path.sep);
  if (rel[0] !== '..' || rel.length < 3) return null;
  const sibling = byDir.get(rel[1]);
  return sibling ? path.join(sibling, ...rel.slice(2)) : null;
}

const BARE_PACKAGE = /^(@[^/]+\/)?[^./@][^/]*$/;

// Vite resolves a package through its `module` field before `main`; Node only reads
// `main`. Follow `module` when it is an ES module Node can load and there is no
// `exports` map (which both tools would honour).
function viteModuleEntry(specifier, resolvedUrl) {
  if (!resolvedUrl.startsWith('file:')) return null;
  let dir = path.dirname(fileURLToPath(resolvedUrl));
  while (dir !== path.dirname(dir)) {
    let manifest = null;
    try {
      manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    } catch {
      // no package.json here: keep walking up
    }
    if (manifest?.name === specifier) {
      if (manifest.exports || typeof manifest.module !== 'string') return null;
      const esm = manifest.module.endsWith('.mjs') || (manifest.type === 'module' && manifest.module.endsWith('.js'));
      const file = path.join(dir, manifest.module);
      return esm && file !== fileURLToPath(resolvedUrl) ? pathToFileURL(file).href : null;
    }
    dir = path.dirname(dir);
  }
  return null;
}

const SUFFIXES = ['.mjs', '.js', '/index.mjs', '/index.js'];

export async function resolve(specifier, context, nextResolve) {
  const query = specifier.match(/\?(audioworklet|raw)$/);
  if (query) {
    const resolved = await resolve(specifier.slice(0, query.index), context, nextResolve);
    return { url: `${resolved.url}?${query[1]}`, format: 'module', shortCircuit: true };
  }
  const target = strudelTarget(specifier);
  if (target) {
    return { url: pathToFileURL(target).href, format: 'module', shortCircuit: true };
  }
  if (docJson && specifier.endsWith('/doc.json') && strudelPackageOf(context.parentURL)) {
    return { url: `${pathToFileURL(docJson).href}?json-module`, format: 'module', shortCircuit: true };
  }
  const sibling = specifier.startsWith('../') ? siblingTarget(specifier, context.parentURL) : null;
  if (sibling) {
    return nextResolve(pathToFileURL(sibling).href, context);
  }
  try {
    const resolved = await nextResolve(specifier, context);
    const moduleEntry = BARE_PACKAGE.test(specifier) ? viteModuleEntry(specifier, resolved.url) : null;
    return moduleEntry ? { url: moduleEntry, format: 'module', shortCircuit: true } : resolved;
  } catch (error) {
    const relative = specifier.startsWith('./') || specifier.startsWith('../');
    if (!relative || !['ERR_MODULE_NOT_FOUND', 'ERR_UNSUPPORTED_DIR_IMPORT'].includes(error.code)) throw error;
    for (const suffix of SUFFIXES) {
      try {
        return await nextResolve(specifier.replace(/\/$/, '') + suffix, context);
      } catch {
        // try the next spelling
      }
    }
    throw error;
  }
}

function cjsPackageOf(url) {
  if (!url.startsWith('file:')) return null;
  const file = fileURLToPath(url);
  return cjsNamed.find((name) => file.includes(`${path.sep}node_modules${path.sep}${name}${path.sep}`)) || null;
}

export async function load(url, context, nextLoad) {
  const [base, query] = url.split('?');
  if (query === 'audioworklet') {
    return { format: 'module', source: `export default ${JSON.stringify(base)};`, shortCircuit: true };
  }
  if (query === 'raw') {
    const text = await readFile(fileURLToPath(base), 'utf8');
    return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
  }
  if (query === 'json-module') {
    const text = await readFile(fileURLToPath(base), 'utf8');
    return { format: 'module', source: `export default ${text.trim() || 'null'};`, shortCircuit: true };
  }
  if (cjsPackageOf(url)) {
    const file = fileURLToPath(url);
    const names = Object.keys(createRequire(file)(file)).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default');
    const source = [
      `import { createRequire } from 'node:module';`,
      `const mod = createRequire(${JSON.stringify(url)})(${JSON.stringify(file)});`,
      `export default mod;`,
      ...names.map((n) => `export const ${n} = mod[${JSON.stringify(n)}];`),
    ].join('\n');
    return { format: 'module', source, shortCircuit: true };
  }
  return nextLoad(url, context);
}

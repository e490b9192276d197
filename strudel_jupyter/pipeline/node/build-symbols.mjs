// Build symbols.json: every name REPL code can call, from the REPL's evaluation scope.
//
// Mirrors what the REPL does at start-up with the modules that exist on npm: import
// the modules of the website's loadModules() in its order, pass them to core's real
// evalScope(), then create core's repl() with the real transpiler and evaluate one
// pattern (without starting the clock), which runs injectPatternMethods. Then read
// the scope: module exports (`globals`), Pattern.prototype functions (`methods`) and
// core's isControlName() (`controls`). Modules that are not on npm, or fail to load,
// are listed in source.modules_skipped with the reason.
//
// usage: STRUDEL_PIPELINE_DOC_JSON=doc.json \
//        node --import ./lib/register.mjs build-symbols.mjs --out symbols.json

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { installBrowserGlobals } from './lib/browser.mjs';
import { CONFIG, fail, packageVersion, parseArgs, progress, sortedObject } from './lib/config.mjs';

const options = parseArgs(process.argv.slice(2));
const out = path.resolve(options.out);
const REPL_LABEL = '@strudel/core repl() (injectPatternMethods)';
const byCodeUnit = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const sortedUnique = (names) => [...new Set(names)].sort(byCodeUnit);

installBrowserGlobals();
const logged = [];
for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
  console[level] = (...args) => logged.push(args.map(String).join(' '));
}

try {
  const published = new Set(CONFIG.packages.map((p) => p.name));
  const modulesSkipped = { ...CONFIG.website_only };
  const wanted = [];
  for (const name of CONFIG.repl_modules) {
    if (!published.has(name)) {
      modulesSkipped[name] = CONFIG.not_on_npm[name] || 'not in this pipeline\'s package list';
    } else {
      wanted.push(name);
    }
  }

  progress(`importing ${wanted.length} REPL modules`);
  const core = await import('@strudel/core');
  const settled = await Promise.allSettled(wanted.map((name) => import(name)));
  const loaded = [];
  settled.forEach((result, i) => {
    if (result.status === 'fulfilled') loaded.push([wanted[i], result.value]);
    else modulesSkipped[wanted[i]] = `failed to load in Node: ${String(result.reason?.message || result.reason).split('\n')[0]}`;
  });
  await core.evalScope(...loaded.map(([, namespace]) => namespace));

  const globals = {};
  for (const [name, namespace] of loaded) {
    for (const key of Object.keys(namespace)) (globals[key] ||= []).push(name);
  }

  progress('starting a repl() and evaluating one pattern');
  const { transpiler } = await import('@strudel/transpiler');
  const scopeBefore = new Map(Object.entries(core.strudelScope));
  const repl = core.repl({ defaultOutput: () => {}, getTime: () => 0, transpiler });
  await repl.evaluate('s("bd")', false);
  repl.stop?.();
  for (const [key, value] of Object.entries(core.strudelScope)) {
    // evalScope() of the repl re-binds these names; register() adds to strudelScope too,
    // so only names that became globals count
    if ((!scopeBefore.has(key) || scopeBefore.get(key) !== value) && globalThis[key] === value) {
      if (!globals[key]?.includes(REPL_LABEL)) (globals[key] ||= []).push(REPL_LABEL);
    }
  }

  progress('reading Pattern.prototype');
  const instance = core.pure(1);
  const methods = [];
  const patternProperties = [];
  const composers = [];
  for (let proto = core.Pattern.prototype; proto; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      let value = descriptor.value;
      if (descriptor.get) {
        try {
          value = descriptor.get.call(instance);
        } catch {
          value = undefined;
        }
        if (typeof value === 'function') composers.push(value);
      }
      (typeof value === 'function' ? methods : patternProperties).push(name);
    }
  }
  const operatorAlignments = composers.flatMap((op) => Object.keys(op));

  const candidates = new Set([...methods, ...Object.keys(globals), ...Object.keys(core.strudelScope)]);
  const controls = [...candidates].filter((name) => core.isControlName(name));
  const controlAliases = {};
  for (const name of controls) {
    // a control applied without a value keeps the pattern's value under its main name
    let canonical;
    try {
      const [value] = core.pure(1)[name]().firstCycleValues;
      const keys = value && typeof value === 'object' ? Object.keys(value) : [];
      canonical = keys.length === 1 ? keys[0] : undefined;
    } catch {
      canonical = undefined;
    }
    if (canonical && canonical !== name) controlAliases[name] = canonical;
  }
  const registeredNotGlobal = Object.keys(core.strudelScope).filter((name) => !(name in globals));

  const modulesLoaded = [...loaded.map(([name]) => name), REPL_LABEL];
  const versions = Object.fromEntries(loaded.map(([name]) => [name, packageVersion(name)]));
  const symbols = {
    source: {
      repository: `published npm packages of the Strudel monorepo (${CONFIG.monorepo})`,
      commit: null,
      date: null,
      versions,
      modules_loaded: modulesLoaded,
      modules_skipped: sortedObject(Object.entries(modulesSkipped)),
    },
    globals: sortedObject(Object.entries(globals)),
    methods: sortedUnique(methods),
    controls: sortedUnique(controls),
    extra: {
      control_aliases: sortedObject(Object.entries(controlAliases)),
      pattern_properties: sortedUnique(patternProperties),
      operator_alignments: sortedUnique(operatorAlignments),
      registered_not_global: sortedUnique(registeredNotGlobal),
    },
  };
  writeFileSync(out, JSON.stringify(symbols, null, 2) + '\n');
  progress(
    `symbols.json: ${Object.keys(globals).length} globals, ${symbols.methods.length} methods, ` +
      `${symbols.controls.length} controls; ${Object.keys(modulesSkipped).length} modules skipped`,
  );
  process.exit(0); // the repl's scheduler and module side effects may leave handles open
} catch (error) {
  fail(`reading the REPL scope failed: ${error?.message || error}`);
}

// Build soundmap.json by running Strudel's own sound registration from npm.
//
// This replays what the REPL's prebake() (website code, not on npm) calls, with the
// maps, base URLs and options listed in pipeline.json: registerSynthSounds,
// registerZZFXSounds, @strudel/soundfonts' registerSoundfonts, samples() for each
// sample map, then aliasBank(). The registry `soundMap` is serialised sorted by key;
// functions (onTrigger) and undefined fields drop out, as JSON requires.
//
// usage: node --import ./lib/register.mjs build-soundmap.mjs --maps <dir> --out <dir>

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG, fail, parseArgs, progress, sortedObject } from './lib/config.mjs';
import { installFetchStub } from './lib/fetch-stub.mjs';

const options = parseArgs(process.argv.slice(2));
const mapsDir = path.resolve(options.maps);
const outDir = path.resolve(options.out);
const { cdn, maps, inline, alias } = CONFIG.prebake;

const stub = installFetchStub({ mapsDir, cdn });
const warnings = [];
const keepWarning = (...args) => warnings.push(args.map(String).join(' '));
console.warn = keepWarning; // superdough reports failed maps through its logger / console
console.log = keepWarning;

try {
  const { registerSynthSounds, registerZZFXSounds, samples, aliasBank, soundMap } = await import('@strudel/webaudio');
  // the inline map is optional: the Python side copies it only when the sample maps carry it
  const inlineFile = path.join(mapsDir, `${inline.name}.json`);
  const inlineMap = existsSync(inlineFile) ? JSON.parse(readFileSync(inlineFile, 'utf8')) : null;

  progress(`registering synths, zzfx, soundfonts and ${maps.length + (inlineMap ? 1 : 0)} sample maps`);
  await Promise.all([
    registerSynthSounds(),
    registerZZFXSounds(),
    import('@strudel/soundfonts').then(({ registerSoundfonts }) => registerSoundfonts()),
    ...maps.map((map) => samples(`${cdn}/${map.name}.json`, map.baseUrl, map.options)),
    ...(inlineMap ? [samples(inlineMap, inline.baseUrl, inline.options)] : []),
  ]);
  const beforeAlias = new Map(Object.entries(soundMap.get()));

  progress('adding bank aliases');
  await aliasBank(`${cdn}/${alias.name}.json`);
  await stub.idle();

  if (stub.refused.length) fail(`sample map request failed: ${stub.refused.join(', ')}`);
  const expected = [...maps.map((m) => `${m.name}.json`), `${alias.name}.json`];
  const missing = expected.filter((name) => !stub.served.includes(name));
  if (missing.length) fail(`sample maps never loaded: ${missing.join(', ')}${warnings.length ? ` (${warnings[0]})` : ''}`);

  const registry = soundMap.get();
  // an alias key shares its original's entry object; find that original
  const originals = new Map();
  for (const [key, entry] of beforeAlias) if (!originals.has(entry)) originals.set(entry, key);
  const aliases = [];
  for (const [key, entry] of Object.entries(registry)) {
    if (!beforeAlias.has(key)) {
      const original = originals.get(entry);
      if (original === undefined) fail(`alias ${key} does not share an entry with any registered sound`);
      aliases.push([key, original]);
    }
  }
  const soundmap = sortedObject(Object.entries(registry).map(([key, entry]) => [key, { data: entry.data }]));
  writeFileSync(path.join(outDir, 'soundmap.json'), JSON.stringify(soundmap, null, 2) + '\n');
  writeFileSync(path.join(outDir, 'soundmap-aliases.json'), JSON.stringify(sortedObject(aliases), null, 2) + '\n');
  progress(`soundmap.json: ${Object.keys(soundmap).length} sounds, ${aliases.length} aliases`);
  process.exit(0); // superdough may leave timers behind; the registry is all we need
} catch (error) {
  fail(`sound registration failed: ${error?.message || error}`);
}

// Build tonal.json: the names the REPL's scale(), chord() and voicing() accept.
//
// From the installed packages, as the REPL loads them: tonal's ScaleType.all() (every scale
// type with its aliases and intervals) and ChordType.all() (every chord type with the symbols
// that spell it), and @strudel/tonal's voicingRegistry after the package loaded (each
// dictionary's chord symbols, mode, anchor, range). The dictionary voicing() uses without
// .dict(...) is not exported, so it is found the way a user would: the one dictionary whose
// voicings of a few chords equal voicing()'s own.
//
// usage: node --import ./lib/register.mjs build-tonal.mjs --out tonal.json

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { installBrowserGlobals } from './lib/browser.mjs';
import { fail, packageVersion, parseArgs, progress } from './lib/config.mjs';

const options = parseArgs(process.argv.slice(2));
const out = path.resolve(options.out);
const byCodeUnit = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
// Chords that tell the dictionaries apart (a seventh, an altered one, a triad).
const PROBES = ['C^7', 'Dm7', 'G7b9', 'C', 'F#m7b5'];

installBrowserGlobals();
const logged = [];
for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
  console[level] = (...args) => logged.push(args.map(String).join(' '));
}

function voiced(core, value) {
  try {
    return JSON.stringify(core.pure(value).voicing().queryArc(0, 1).map((hap) => hap.value));
  } catch (error) {
    return `error: ${error?.message || error}`;
  }
}

try {
  progress('importing @tonaljs/tonal and @strudel/tonal');
  const { ScaleType, ChordType } = await import('@tonaljs/tonal');
  const core = await import('@strudel/core');
  const strudelTonal = await import('@strudel/tonal');
  const registry = strudelTonal.voicingRegistry;
  if (!registry || typeof registry !== 'object') fail('@strudel/tonal does not export voicingRegistry');

  const scales = ScaleType.all()
    .map((s) => ({ name: s.name, aliases: [...s.aliases], intervals: [...s.intervals] }))
    .sort((a, b) => byCodeUnit(a.name, b.name));
  const chords = ChordType.all()
    .map((c) => ({ name: c.name, symbols: [...c.aliases], intervals: [...c.intervals], quality: c.quality }))
    .sort((a, b) => byCodeUnit(a.symbols[0] ?? '', b.symbols[0] ?? ''));

  const voicings = {};
  for (const [name, entry] of Object.entries(registry)) {
    voicings[name] = {
      symbols: Object.keys(entry.dictionary || {}),
      mode: entry.mode ?? null,
      anchor: entry.anchor ?? null,
      range: entry.range ?? null,
    };
  }

  progress('finding the dictionary voicing() uses by default');
  const plain = PROBES.map((chord) => voiced(core, { chord }));
  const matching = Object.keys(registry).filter((name) =>
    PROBES.every((chord, i) => voiced(core, { chord, dictionary: name }) === plain[i]),
  );
  if (matching.length !== 1) {
    fail(`cannot tell which voicing dictionary is the default: ${matching.length} match (${matching.join(', ')})`);
  }

  const tonal = {
    source: {
      '@strudel/tonal': packageVersion('@strudel/tonal'),
      '@tonaljs/tonal': packageVersion('@tonaljs/tonal'),
      'chord-voicings': packageVersion('chord-voicings'),
    },
    scales,
    chords,
    voicings,
    default_voicings: matching[0],
  };
  writeFileSync(out, JSON.stringify(tonal, null, 1)); // the shared snapshot's layout: one-space indent
  progress(`${scales.length} scale types, ${chords.length} chord types, ${Object.keys(voicings).length} voicing dictionaries`);
  process.exit(0);
} catch (error) {
  fail(`${error?.stack || error}${logged.length ? ` (logged: ${logged.slice(-3).join(' | ')})` : ''}`);
}

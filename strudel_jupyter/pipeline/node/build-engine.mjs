// Bundle the installed @strudel packages that evaluate and query patterns into one script,
// the engine strudel-jupyter runs in V8 (mini-racer): an esbuild IIFE that sets
// globalThis.strudelModules = {"@strudel/core": ..., ...}. Packages npm does not have at the
// pinned versions are left out (their names get the REPL scope's stand-ins instead).
//
//   node build-engine.mjs --out <snapshot>/engine/strudel-engine.js
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

const PACKAGES = [
  '@strudel/core', '@strudel/mini', '@strudel/tonal', '@strudel/transpiler', '@strudel/draw',
  '@strudel/edo', '@strudel/xen', '@strudel/gamepad', '@strudel/motion',
];

const args = process.argv.slice(2);
const out = args[args.indexOf('--out') + 1];
if (!out || args.indexOf('--out') < 0) {
  console.error('usage: node build-engine.mjs --out FILE');
  process.exit(2);
}
const require = createRequire(`${process.cwd()}/`);
const present = PACKAGES.filter((name) => {
  try {
    require.resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
});
for (const required of ['@strudel/core', '@strudel/mini', '@strudel/transpiler']) {
  if (!present.includes(required)) {
    console.error(`${required} is not installed: run npm ci first`);
    process.exit(1);
  }
}
const entry = [
  ...present.map((name, i) => `import * as m${i} from '${name}';`),
  `globalThis.strudelModules = {${present.map((name, i) => `'${name}': m${i}`).join(', ')}};`,
].join('\n');
mkdirSync(dirname(out), { recursive: true });
await build({
  stdin: { contents: entry, resolveDir: process.cwd(), loader: 'js', sourcefile: 'strudel-engine-entry.mjs' },
  bundle: true,
  format: 'iife',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  outfile: out,
  logLevel: 'error',
});
console.log(`engine: ${present.join(', ')} -> ${out}`);

// strudel-jupyter's own code, run after Strudel's engine script in the engine's V8 context.
//
// It reproduces what the REPL does when it evaluates code, without a browser: the REPL's scope
// (Strudel's modules on globalThis, in the REPL's order, then stand-ins for the names only a
// browser provides), the REPL's evaluation (core's repl(), reproduced synchronously: `$:` blocks,
// setcpm/setcps, hush), and a query of the pattern over a window of cycles, cycle by cycle.
// Entry points: __sjStandIns(globals, methods) and __sjSeal() once, then __sjRun(request) -> JSON.
(function () {
  'use strict';
  const modules = globalThis.strudelModules;
  const stringify = JSON.stringify; // ours, whatever code does to JSON
  const core = modules['@strudel/core'];
  const { transpiler } = modules['@strudel/transpiler'];

  // What the engine logs (the REPL's console): kept per call, bounded.
  const MAX_LOGS = 50;
  let logs = [];
  const text = (value) => {
    try {
      return typeof value === 'string' ? value : String(value);
    } catch (err) {
      return '?';
    }
  };
  const record = (level) => (...args) => {
    if (logs.length < MAX_LOGS) {
      // core's logger writes console.log(`%c${message}`, css): the message without its style
      const shown = typeof args[0] === 'string' && args[0].startsWith('%c') ? [args[0].slice(2)] : args;
      logs.push({ level, message: shown.map(text).join(' ').slice(0, 1000) });
    }
  };
  globalThis.console = {
    log: record('log'), info: record('info'), debug: record('debug'), warn: record('warn'), error: record('error'),
  };

  // The REPL's scope: evalScope order of the REPL (symbols.json's modules_loaded), for the
  // modules this script has; the transpiler is the REPL's tool, not part of its scope.
  const order = ['@strudel/core', '@strudel/draw', '@strudel/edo', '@strudel/tonal', '@strudel/mini',
    '@strudel/xen', '@strudel/gamepad', '@strudel/motion'];
  for (const name of order) {
    for (const [key, value] of Object.entries(modules[name] || {})) {
      globalThis[key] = value;
      core.strudelScope && (core.strudelScope[key] = value);
    }
  }

  // The transpiler turns each "..." string into m(text, offset of the string in the code):
  // a mini-notation error keeps that offset, so it can be placed in the code.
  const miniOf = globalThis.m;
  if (typeof miniOf === 'function') {
    globalThis.m = function (text, offset, ...rest) {
      try {
        return miniOf(text, offset, ...rest);
      } catch (err) {
        if (err && typeof err === 'object' && typeof offset === 'number') err.sjOffset = offset;
        throw err;
      }
    };
  }

  // Stand-ins for what needs a browser (audio, canvas, MIDI, ...): a method returns its own
  // pattern, a global call gives a silent pattern, so code the REPL plays evaluates here.
  const standIns = { globals: [], methods: [] };
  // A stand-in global's result: silence that can also be called (`const cc = await midin(...)`,
  // then `cc(0)`), giving silence again.
  const callableSilence = new Proxy(function () { return core.silence; }, {
    get(target, key) {
      const value = core.silence[key];
      return typeof value === 'function' ? value.bind(core.silence) : value;
    },
    has: (target, key) => key in core.silence,
  });
  const silentCall = function () { return callableSilence; };
  const ownPattern = function () { return this; };
  // Methods Strudel's own modules define but that need a browser (a canvas, the keyboard):
  // drawing returns the pattern unchanged; no key is ever held down.
  const browserMethods = {
    pianoroll: ownPattern,
    pitchwheel: ownPattern,
    animate: ownPattern,
    whenKey: ownPattern,
    keyDown: function () { return this.fmap(() => false); },
  };
  globalThis.__sjStandIns = function (globalNames, methodNames) {
    for (const [name, method] of Object.entries(browserMethods)) {
      core.Pattern.prototype[name] = method;
      standIns.methods.push(name);
    }
    globalThis.keyDown = (input) => core.reify(input).fmap(() => false);
    globalThis.whenKey = (input, func, pat) => pat;
    for (const name of globalNames) {
      if (!(name in globalThis)) {
        globalThis[name] = silentCall;
        standIns.globals.push(name);
      }
    }
    for (const name of methodNames) {
      if (!(name in core.Pattern.prototype)) {
        core.Pattern.prototype[name] = ownPattern;
        standIns.methods.push(name);
      }
    }
    return stringify({ globals: standIns.globals, methods: standIns.methods });
  };

  // The REPL's evaluation (core's repl(): injectPatternMethods, evaluate, applyPatternTransforms),
  // reproduced synchronously so that the user's code runs inside the call's time limit: `$:`
  // blocks (several play together, `_$:` and `$_:` are muted, `S...:` solos), all/each, hush,
  // setcpm/setcps (the tempo is recorded), cpm.
  const { Pattern, silence, stack, isPattern, register } = core;
  let pPatterns = {};
  let anonymousIndex = 0;
  let allTransforms = [];
  let eachTransform;
  let cps = 0.5;
  const unpure = (pat) => (pat && pat._Pattern ? pat.__pure : pat);
  const hush = function () {
    pPatterns = {};
    anonymousIndex = 0;
    allTransforms = [];
    eachTransform = undefined;
    return silence;
  };
  Pattern.prototype.p = function (id) {
    if (typeof id === 'string' && (id.startsWith('_') || id.endsWith('_'))) return silence;
    if (String(id).includes('$')) {
      id = `${id}${anonymousIndex}`;
      anonymousIndex++;
    }
    pPatterns[id] = this;
    return this;
  };
  Pattern.prototype.q = function () { return silence; };
  for (let i = 1; i < 10; ++i) {
    Object.defineProperty(Pattern.prototype, `d${i}`, { get() { return this.p(i); }, configurable: true });
    Object.defineProperty(Pattern.prototype, `p${i}`, { get() { return this.p(i); }, configurable: true });
    Pattern.prototype[`q${i}`] = silence;
  }
  const setCps = (value) => { cps = Number(unpure(value)); return silence; };
  const setCpm = (value) => { cps = Number(unpure(value)) / 60; return silence; };
  const replScope = {
    all: (transform) => { allTransforms.push(transform); return silence; },
    each: (transform) => { eachTransform = transform; return silence; },
    hush,
    cpm: register('cpm', function (value, pat) { return pat._fast(value / 60 / cps); }),
    setCps, setcps: setCps, setCpm, setcpm: setCpm,
  };
  for (const [key, value] of Object.entries(replScope)) {
    globalThis[key] = value;
    if (core.strudelScope) core.strudelScope[key] = value;
  }
  const applyPatternTransforms = (pattern) => {
    const entries = Object.entries(pPatterns);
    if (entries.length) {
      let patterns = [];
      let soloActive = false;
      for (const [key, value] of entries) {
        const isSolo = key.length > 1 && key.startsWith('S');
        if (isSolo && !soloActive) {
          patterns = [];
          soloActive = true;
        }
        if (!soloActive || isSolo) patterns.push(value.withState((state) => state.setControls({ id: key })));
      }
      if (eachTransform) patterns = patterns.map((x) => eachTransform(x));
      pattern = stack(...patterns);
    } else if (eachTransform) {
      pattern = eachTransform(pattern);
    }
    for (const transform of allTransforms) pattern = transform(pattern);
    return isPattern(pattern) ? pattern : silence;
  };

  // Top-level `await` (`await samples(...)`) would make the rest of the code run after the call
  // has returned; every stand-in answers at once, so the REPL's awaits are read as plain values.
  const { registerTranspilerPlugin } = modules['@strudel/transpiler'];
  const awaitPlugin = typeof registerTranspilerPlugin === 'function';
  if (awaitPlugin) {
    registerTranspilerPlugin({
      walk: () => {
        let depth = 0;
        const isFunction = (node) => /Function/.test(node.type);
        return {
          enter(node) {
            if (isFunction(node)) depth++;
            return false;
          },
          leave(node) {
            // on leaving, so that the REPL's own plugins (bare samples() gets an await) have run
            if (isFunction(node)) depth--;
            else if (node.type === 'AwaitExpression' && depth === 0) this.replace(node.argument);
            return false;
          },
        };
      },
    });
  }
  // npm's transpiler (1.2.6) takes no plugins: there the awaits are cut from its output text,
  // which escodegen writes as `await <expression>` (an "await " inside a string is cut too).
  const withoutAwait = (output) => (awaitPlugin ? output : output.replace(/\bawait\s+/g, ''));
  globalThis.__sjTranspile = (code) =>
    transpiler(code, { wrapAsync: false, addReturn: true, emitMiniLocations: false, emitWidgets: false }).output;
  const evaluate = (code) => {
    hush();
    const { output } = transpiler(code, { wrapAsync: false, addReturn: true, emitMiniLocations: false, emitWidgets: false });
    const pattern = Function(`"use strict";${withoutAwait(output)}`)();
    return applyPatternTransforms(pattern);
  };

  // What user code may not keep: one call's code must not change the next one's meaning.
  let baseline = null;
  let protoBaseline = null;
  // The scope's own names are locked (read-only, not configurable) once the scope is built, so
  // code cannot replace `s` or `Pattern.prototype.fast` for the calls after it (in strict mode
  // such an assignment is a TypeError); names code adds are deleted after each call.
  const lock = (obj) => {
    const names = new Set(Object.getOwnPropertyNames(obj));
    for (const key of names) {
      const desc = Object.getOwnPropertyDescriptor(obj, key);
      // accessors stay configurable: core redefines its operator getters (setDefaultJoin)
      if (!desc.configurable || !('value' in desc)) continue;
      try { Object.defineProperty(obj, key, { ...desc, writable: false, configurable: false }); } catch (err) { /* leave it */ }
    }
    return names;
  };
  const removeAdded = (obj, names) => {
    const now = Object.getOwnPropertyNames(obj);
    if (now.length === names.size) return;
    for (const key of now) {
      if (!names.has(key)) {
        try { delete obj[key]; } catch (err) { /* non-configurable: leave it */ }
      }
    }
  };
  // JavaScript's own objects cannot be locked the same way (freezing them breaks code that sets
  // a property they have, such as toString, on its own objects); code that changes them gets
  // a fresh context after its call instead.
  const BUILTINS = [Object, Object.prototype, Array, Array.prototype, Function.prototype, String, String.prototype,
    Number, Number.prototype, Boolean.prototype, Symbol, Symbol.prototype, Math, JSON, Reflect, Map.prototype,
    Set.prototype, WeakMap.prototype, Promise, Promise.prototype, RegExp.prototype, Date.prototype, Error.prototype,
    Iterator.prototype, BigInt.prototype];
  let builtinBaseline = null;
  const builtinState = () => BUILTINS.map((obj) => {
    const names = Object.getOwnPropertyNames(obj);
    return [names.length, names.map((key) => {
      const desc = Object.getOwnPropertyDescriptor(obj, key);
      return 'value' in desc ? desc.value : desc.get;
    })];
  });
  const builtinsChanged = () => {
    const now = builtinState();
    for (let i = 0; i < now.length; i++) {
      const [count, values] = now[i];
      const [count0, values0] = builtinBaseline[i];
      if (count !== count0) return true;
      for (let k = 0; k < values.length; k++) if (!Object.is(values[k], values0[k])) return true;
    }
    return false;
  };

  // Core's settings that code can change through its own setters, back to what a fresh REPL has.
  const miniParser = modules['@strudel/mini'].mini;
  const resetSettings = () => {
    core.setDefaultJoin('in');
    core.calculateSteps(true);
    if (miniParser) core.setStringParser(miniParser);
  };

  globalThis.__sjSeal = function () {
    // No timers for user code: nothing may run after a call has answered.
    globalThis.setTimeout = function () { return 0; };
    globalThis.clearTimeout = function () {};
    for (const name of ['__timer_manager', 'Atomics', 'SharedArrayBuffer', 'WebAssembly', 'FinalizationRegistry', 'WeakRef']) {
      try { delete globalThis[name]; } catch (err) { /* leave it */ }
    }
    builtinBaseline = builtinState();
    baseline = lock(globalThis);
    protoBaseline = lock(core.Pattern.prototype);
    return 'sealed';
  };

  // Fractions as exact text ("3/4"), values as plain JSON.
  const fractionText = (f) => (f && typeof f.toFraction === 'function' ? f.toFraction() : String(f));
  const plain = (value, depth) => {
    if (value === null || value === undefined) return null;
    const type = typeof value;
    if (type === 'number') return Number.isFinite(value) ? value : String(value);
    if (type === 'string' || type === 'boolean') return value;
    if (type === 'bigint') return value.toString();
    if (type === 'function' || type === 'symbol') return undefined;
    if (depth > 3) return null;
    if (value && typeof value.toFraction === 'function') return value.valueOf();
    if (Array.isArray(value)) return value.slice(0, 64).map((v) => plain(v, depth + 1) ?? null);
    const out = {};
    let n = 0;
    for (const key of Object.keys(value)) {
      if (n++ >= 256) break;
      const v = plain(value[key], depth + 1);
      if (v !== undefined) out[key] = v;
    }
    return out;
  };

  const errorInfo = (err, phase) => {
    const message = err && typeof err === 'object' && 'message' in err ? text(err.message) : text(err);
    const info = { phase, message: message.slice(0, 2000), name: err && err.name ? text(err.name) : 'Error' };
    if (err && typeof err.sjOffset === 'number') {
      info.offset = err.sjOffset;
    } else if (err && err.loc && typeof err.loc.line === 'number') {
      info.line = err.loc.line;
      info.column = err.loc.column + 1;
    }
    return info;
  };

  const query = (request, answer) => {
    let pattern;
    try {
      pattern = evaluate(request.code);
    } catch (err) {
      answer.error = errorInfo(err, 'evaluate');
      return;
    }
    answer.cps = cps;
    // Cycle by cycle, as the REPL's scheduler queries small spans: an error in one cycle
    // (the REPL logs "[query] error: ...") leaves the others playing.
    const events = [];
    const end = core.Fraction(request.end);
    let from = core.Fraction(request.begin);
    while (from.lt(end)) {
      const next = from.floor().add(1);
      const to = next.lt(end) ? next : end;
      let haps = [];
      try {
        haps = pattern.query(new core.State(new core.TimeSpan(from, to), { _cps: cps }));
      } catch (err) {
        if (!answer.error) answer.error = errorInfo(err, 'query');
      }
      for (const hap of haps) {
        if (!hap.hasOnset()) continue;
        if (events.length >= request.maxEvents) {
          answer.error = { phase: 'limit', name: 'LimitError', limit: 'events', message: `more than ${request.maxEvents} events in the cycles queried` };
          return;
        }
        events.push([fractionText(hap.whole.begin), fractionText(hap.whole.end), plain(hap.value, 0)]);
      }
      from = to;
    }
    answer.events = events;
  };

  globalThis.__sjRun = function (request) {
    logs = [];
    cps = 0.5;
    const answer = { ok: false, events: [], error: null, cps: 0.5, logs: [] };
    try {
      query(request, answer);
    } catch (err) {
      answer.error = errorInfo(err, 'query');
      answer.events = [];
    } finally {
      try {
        hush();
        resetSettings();
      } catch (err) { /* a setting code broke stays broken for this context: logged below */
        logs.push({ level: 'error', message: `reset failed: ${text(err && err.message)}` });
      }
      if (baseline) removeAdded(globalThis, baseline);
      if (protoBaseline) removeAdded(core.Pattern.prototype, protoBaseline);
    }
    try {
      if (builtinBaseline && builtinsChanged()) answer.restart = true;
    } catch (err) {
      answer.restart = true;
    }
    answer.ok = answer.error === null;
    if (answer.error && answer.error.phase !== 'query') answer.events = [];
    answer.logs = logs;
    try {
      return stringify(answer);
    } catch (err) {
      return stringify({ ok: false, events: [], cps, logs: [], error: errorInfo(err, 'query') });
    }
  };
})();

// Inert browser globals so that the REPL's modules can be *imported* in Node.
//
// Several Strudel modules touch `window`, `document` or `localStorage` at import time
// (keymaps, themes, settings stores, canvas helpers). Nothing here renders or plays:
// each global is defined only where Node has none, and `document` & co. are inert
// objects whose every property is another inert callable. No AudioContext is provided.

function inert(name) {
  const target = function () {};
  return new Proxy(target, {
    get(_, key) {
      if (key === Symbol.toPrimitive) return () => '';
      if (key === 'then') return undefined; // never look like a promise
      if (key === 'toString' || key === 'valueOf') return () => '';
      if (typeof key === 'symbol') return undefined;
      return inert(`${name}.${key}`);
    },
    set: () => true,
    has: () => true,
    apply: () => inert(`${name}()`),
    construct: () => inert(`new ${name}`),
  });
}

function define(name, value) {
  if (!(name in globalThis)) {
    Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
  }
}

class MemoryStorage {
  #items = new Map();
  get length() {
    return this.#items.size;
  }
  key(i) {
    return [...this.#items.keys()][i] ?? null;
  }
  getItem(key) {
    return this.#items.has(String(key)) ? this.#items.get(String(key)) : null;
  }
  setItem(key, value) {
    this.#items.set(String(key), String(value));
  }
  removeItem(key) {
    this.#items.delete(String(key));
  }
  clear() {
    this.#items.clear();
  }
}

export function installBrowserGlobals() {
  define('window', globalThis);
  define('self', globalThis);
  const events = new EventTarget();
  define('addEventListener', events.addEventListener.bind(events));
  define('removeEventListener', events.removeEventListener.bind(events));
  define('dispatchEvent', events.dispatchEvent.bind(events));
  define('document', inert('document'));
  define('location', new URL('https://strudel.cc/'));
  define('navigator', { userAgent: 'node', platform: 'node', language: 'en', languages: ['en'] });
  define('localStorage', new MemoryStorage());
  define('sessionStorage', new MemoryStorage());
  define('requestAnimationFrame', () => 0);
  define('cancelAnimationFrame', () => {});
  define('devicePixelRatio', 1);
  define('innerWidth', 1024);
  define('innerHeight', 768);
  define('matchMedia', (query) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  }));
  define('getComputedStyle', () => inert('CSSStyleDeclaration'));
}

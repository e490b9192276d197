// A `fetch` that serves the prebake's sample maps from a local folder and refuses
// everything else, so a build never depends on (or silently reaches) the network.
//
// Each response arrives after one macrotask, in call order, which is how the maps
// land when a browser fetches them from one CDN; the registry's last-writer-wins
// `_base` pseudo-sound depends on that order.

import { readFileSync } from 'node:fs';
import path from 'node:path';

export function installFetchStub({ mapsDir, cdn }) {
  const served = [];
  const refused = [];
  const pending = new Set();
  globalThis.fetch = (input) => {
    const url = String(input?.url ?? input);
    const prefix = `${cdn}/`;
    const name = url.startsWith(prefix) ? url.slice(prefix.length) : null;
    const promise = new Promise((resolve, reject) => {
      setTimeout(() => {
        if (!name || name.includes('/') || !name.endsWith('.json')) {
          refused.push(url);
          reject(new TypeError(`fetch refused by the snapshot pipeline: ${url}`));
          return;
        }
        let body;
        try {
          body = readFileSync(path.join(mapsDir, name));
        } catch {
          refused.push(url);
          resolve(new Response('not found', { status: 404 }));
          return;
        }
        served.push(name);
        resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
      }, 0);
    });
    pending.add(promise);
    promise.finally(() => pending.delete(promise)).catch(() => {});
    return promise;
  };
  return {
    served,
    refused,
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
      // let the continuations of the last responses (json parsing, registration) run
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

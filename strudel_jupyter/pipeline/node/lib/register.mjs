// Loaded with `node --import`: installs hooks.mjs before any Strudel module is imported.
import { register } from 'node:module';
import { CONFIG, CJS_NAMED_EXPORTS, NODE_MODULES } from './config.mjs';

register('./hooks.mjs', import.meta.url, {
  data: {
    packages: CONFIG.packages,
    nodeModules: NODE_MODULES,
    docJson: process.env.STRUDEL_PIPELINE_DOC_JSON || null,
    cjsNamedExports: CJS_NAMED_EXPORTS,
  },
});

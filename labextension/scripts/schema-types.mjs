/**
 * Write src/rest.generated.ts from schema/rest.schema.json (the REST API's JSON Schema).
 *
 *     node scripts/schema-types.mjs [--out PATH]      (jlpm schema:types)
 *
 * json-schema-to-typescript compiles the schema; our own prettier config formats the result,
 * so `prettier --check` accepts the generated file as it is. The Python tests run this with
 * --out to check that the committed file is current.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { compile } from 'json-schema-to-typescript';
import prettier from 'prettier';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const schemaPath = resolve(root, 'schema', 'rest.schema.json');
const target = resolve(root, 'src', 'rest.generated.ts');

const BANNER = `/**
 * The REST API's response types. GENERATED: do not edit by hand.
 *
 * Written by \`jlpm schema:types\` (scripts/schema-types.mjs, json-schema-to-typescript) from
 * schema/rest.schema.json, which \`python -m strudel_jupyter.devtools.rest_schema\` writes from
 * the Python types in strudel_jupyter/jupyter/rest/payloads.py. Change those, then run both.
 */`;

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = resolve(values.out ?? target);

const schema = JSON.parse(await readFile(schemaPath, 'utf8'));
const code = await compile(schema, 'RestResponses', {
  bannerComment: BANNER,
  additionalProperties: false,
  format: false,
  cwd: dirname(schemaPath)
});
// Format as if the file sat at src/rest.generated.ts, whatever --out says.
const style = (await prettier.resolveConfig(target)) ?? {};
await writeFile(out, await prettier.format(code, { ...style, filepath: target }));

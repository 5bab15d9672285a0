import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { Kind } from '@sinclair/typebox';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

function typeboxModules(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return typeboxModules(path);
    return name.endsWith('.ts') && readFileSync(path, 'utf8').includes("from '@sinclair/typebox'") ? [path] : [];
  });
}

// src/artifacts/validate.ts skips ajv's meta-schema check at run time; this is where every schema still gets it.
test('every exported TypeBox schema in src/ is a valid JSON Schema that ajv compiles in strict mode', async () => {
  // Strict mode is checked as the code is generated; ajv's optimiser of that code would only double the time.
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, validateSchema: true, code: { optimize: false } });
  addFormats(ajv);
  let checked = 0;
  for (const file of typeboxModules(SRC)) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value !== 'object' || value === null || !(Kind in value)) continue;
      const where = `${relative(SRC, file)} ${name}`;
      assert.equal(ajv.validateSchema(value), true, `${where}: ${ajv.errorsText(ajv.errors)}`);
      assert.doesNotThrow(() => ajv.compile(value), where);
      checked += 1;
    }
  }
  assert.ok(checked > 40, `only ${checked} schemas found`);
});

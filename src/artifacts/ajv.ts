// The one ajv setup for artifacts: the options every validator is compiled with, at run time (validate.ts) and at
// build time (scripts/build/validators.mjs writes each exported schema's validator as code into dist/validators/),
// and the key that names a schema's validator. ajv is loaded on first use: a run whose validators were all built
// ahead never loads its compiler.
import { createRequire } from 'node:module';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { TSchema } from '@sinclair/typebox';
import { sha256 } from '../foundations/hashing/hash.ts';

const require = createRequire(import.meta.url);

/**
 * `source`: keep each validator's code, for ajv's standalone output (the build). The schemas are this program's own
 * constants, checked against the JSON Schema meta-schema by test/artifacts/schemas-meta.test.ts; checking them again
 * in every process cost more than the compile itself, and the code optimiser doubled a run-time compile for no
 * measurable gain (the build, which pays once, keeps it).
 */
export function createAjv(options: { source?: boolean } = {}): Ajv2020 {
  const { Ajv2020: Ajv } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  // ajv-formats is CommonJS; its default export may arrive wrapped.
  const formats = require('ajv-formats') as { default?: (ajv: Ajv2020) => Ajv2020 } & ((ajv: Ajv2020) => Ajv2020);
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    validateSchema: false,
    code: options.source ? { source: true } : { optimize: false },
  });
  (formats.default ?? formats)(ajv);
  return ajv;
}

/** Names a schema's validator by its JSON (TypeBox's symbol keys carry nothing ajv reads). */
export function schemaKey(schema: TSchema): string {
  return sha256(JSON.stringify(schema));
}

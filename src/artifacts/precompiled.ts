// Validators the build wrote as code (dist/validators/<schema key>.cjs, by scripts/build-validators.mjs): loading
// one costs a file read, where compiling its schema costs ajv's whole code generation. A schema the build did not
// see (built at run time, or not exported) has none: it is compiled.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);
// From src/ (tsx, or the tests' compiled mirror, which keeps the source's import.meta.url) nothing is beside this
// module: the build's validators in dist/ serve, so each test process does not compile every schema again (about
// 0.5 s of CPU). A validator is named by its schema's hash, so one built from a schema since changed is never found;
// scripts/run-tests.mjs rebuilds a stale dist/ (and so its validators) before the tests.
const BESIDE = fileURLToPath(new URL('../validators/', import.meta.url));
const DIR = existsSync(BESIDE) ? BESIDE : fileURLToPath(new URL('../../dist/validators/', import.meta.url));
const present = existsSync(DIR);

/** The built validator for the schema key, or undefined. */
export function precompiledValidator(key: string): ValidateFunction | undefined {
  if (!present) return undefined;
  try {
    return require(join(DIR, `${key}.cjs`)) as ValidateFunction;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

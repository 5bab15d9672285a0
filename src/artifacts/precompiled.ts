// Validators the build wrote as code (dist/validators/<schema key>.cjs, by scripts/build/validators.mjs): loading
// one costs a file read, where compiling its schema costs ajv's whole code generation. A schema the build did not
// see (built at run time, or not exported) has none: it is compiled.
// Beside each the build keeps V8's code cache of it (<key>.cjs.v8): a validator is large (a scan's report's is 370 kB
// of code) and V8 compiled it again in every process, on load and on its first call; from the cache it does neither.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import type { ValidateFunction } from 'ajv';
import { sha256 } from '../foundations/hashing/hash.ts';

// From src/ (tsx, or the tests' compiled mirror, which keeps the source's import.meta.url) nothing is beside this
// module: the build's validators in dist/ serve, so each test process does not compile every schema again (about
// 0.5 s of CPU). A validator is named by its schema's hash, so one built from a schema since changed is never found;
// scripts/test/run-tests.mjs rebuilds a stale dist/ (and so its validators) before the tests.
const BESIDE = fileURLToPath(new URL('../validators/', import.meta.url));
const DIR = existsSync(BESIDE) ? BESIDE : fileURLToPath(new URL('../../dist/validators/', import.meta.url));
const present = existsSync(DIR);

/** The code cache of a validator file: `<file>.v8`, holding the SHA-256 of the source it was made from, then V8's data. */
export const codeCachePath = (file: string): string => `${file}.v8`;
const DIGEST_BYTES = 32;

/** A validator's module, compiled as node compiles CommonJS, with V8's code cache when one is given. */
export interface ValidatorScript {
  validator: ValidateFunction;
  script: Script;
}

export function runValidatorScript(file: string, source: string, cachedData?: Buffer): ValidatorScript {
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  // Code from a cache keeps the file name it was made under (the build's side folder), so stack traces and profiles
  // get one name wherever dist/ is: the same whether the cache was used or not.
  const script = new Script(wrapped, { filename: `dist/validators/${basename(file)}`, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as unknown };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file));
  return { validator: module.exports as ValidateFunction, script };
}

/** The cache file's bytes for a validator whose code is `source`: run it first so its function is compiled too. */
export function codeCacheOf(file: string, source: string): Buffer {
  const { validator, script } = runValidatorScript(file, source);
  validator(undefined);
  return Buffer.concat([Buffer.from(sha256(source), 'hex'), script.createCachedData()]);
}

/**
 * V8's data from a cache file, or undefined when there is none or it was made from other code. V8 itself checks only
 * the source's length, so a cache left from other code of the same length would run that code: the digest rules it out.
 */
export function codeCacheFor(file: string, source: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(codeCachePath(file));
  } catch {
    // None, or unreadable: the validator is compiled from its code.
    return undefined;
  }
  if (bytes.length <= DIGEST_BYTES || bytes.subarray(0, DIGEST_BYTES).toString('hex') !== sha256(source)) return undefined;
  return bytes.subarray(DIGEST_BYTES);
}

/** The validator a built file holds (through its code cache when that was made from this code), or undefined when there is no file. */
export function loadValidatorFile(file: string): ValidateFunction | undefined {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // A cache V8 rejects (another node, other flags) costs nothing but the compile it would have saved.
  return runValidatorScript(file, source, codeCacheFor(file, source)).validator;
}

// One load per schema key and process, as require's module cache gave before: two equal schemas share a validator.
const loaded = new Map<string, ValidateFunction | undefined>();

/** The built validator for the schema key, or undefined. */
export function precompiledValidator(key: string): ValidateFunction | undefined {
  if (!present) return undefined;
  if (!loaded.has(key)) loaded.set(key, loadValidatorFile(join(DIR, `${key}.cjs`)));
  return loaded.get(key);
}

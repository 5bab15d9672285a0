import { test } from 'node:test';
import { spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { createAjv, schemaKey } from '../../src/artifacts/ajv.ts';
import { codeCacheFor, codeCacheOf, codeCachePath, loadValidatorFile, runValidatorScript } from '../../src/artifacts/precompiled.ts';
import { ARTIFACTS, type ArtifactName } from '../../src/artifacts/registry.ts';
import { Envelope } from '../../src/engines/cache/store.ts';
import { sha256 } from '../../src/foundations/hashing/hash.ts';
import { spawnCli } from '../helpers/cli.ts';
import { buggyProject } from '../helpers/project.ts';
import { gitRepo, tempDir } from '../helpers/temp.ts';

const VALIDATORS = fileURLToPath(new URL('../../dist/validators/', import.meta.url));
const require = createRequire(import.meta.url);
const built = (schema: object): ValidateFunction => require(join(VALIDATORS, `${schemaKey(schema as never)}.cjs`)) as ValidateFunction;

/** The verdict and the errors, as validate.ts reads them. */
function outcome(fn: ValidateFunction, value: unknown): { ok: boolean; errors: unknown } {
  const ok = fn(value) as boolean;
  return { ok, errors: fn.errors ?? null };
}

// The scan also makes sure dist/ is fresh (spawnCli refuses a stale one), so the validators below are this source's.
test('every artifact of a real scan, and broken copies of it, get the same verdict and errors from the built validator as from a compiled one', async (t) => {
  const repo = gitRepo(t, buggyProject(3));
  const scan = await spawnCli(['scan', repo, '--quiet']);
  assert.equal(scan.code, 1, scan.stderr);
  const ajv = createAjv();
  const outDir = join(repo, '.bug-hunter');
  let compared = 0;
  for (const file of readdirSync(outDir).filter((f) => f.endsWith('.json'))) {
    const value = JSON.parse(readFileSync(join(outDir, file), 'utf8')) as Record<string, unknown>;
    const name = value.artifact as ArtifactName;
    if (!(name in ARTIFACTS)) continue;
    const schema = ARTIFACTS[name].schema;
    const compiled = ajv.compile(schema);
    const ahead = built(schema);
    const broken = [{ ...value, schemaVersion: 'one' }, { ...value, run: undefined, bogus: 1 }, { ...value, generatedAt: 7 }];
    for (const candidate of [value, ...broken].map((v) => JSON.parse(JSON.stringify(v)) as unknown)) {
      assert.deepEqual(outcome(ahead, candidate), outcome(compiled, candidate), `${file}: the built validator disagrees`);
    }
    assert.equal(outcome(ahead, value).ok, true, file);
    assert.equal(outcome(ahead, broken[0]).ok, false, file);
    compared += 1;
  }
  assert.ok(compared >= 8, `only ${compared} artifacts compared`);
});

test('the build wrote a validator for every artifact schema and for the cache entry envelope', () => {
  assert.ok(existsSync(VALIDATORS), 'dist/validators/ is missing: scripts/build/build.mjs did not run build-validators.mjs');
  for (const [name, { schema }] of Object.entries(ARTIFACTS)) {
    assert.ok(existsSync(join(VALIDATORS, `${schemaKey(schema)}.cjs`)), `no built validator for the ${name} artifact`);
  }
  assert.ok(existsSync(join(VALIDATORS, `${schemaKey(Envelope)}.cjs`)));
});

// In a process of its own: once this process has compiled a validator's code (another test of its batch may have),
// V8 answers from that compile and never reads the cache, so a cache it would reject would pass unseen here.
const ACCEPTED = `
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
const { codeCacheFor, runValidatorScript } = await import(process.argv[1]);
const dir = process.argv[2];
const seen = readdirSync(dir).filter((f) => f.endsWith('.cjs')).map((name) => {
  const file = join(dir, name);
  const source = readFileSync(file, 'utf8');
  const cache = codeCacheFor(file, source);
  if (!cache) return { name, cache: false };
  const { script, validator } = runValidatorScript(file, source, cache);
  return { name, cache: true, rejected: script.cachedDataRejected, onNull: validator(null) };
});
console.log(JSON.stringify(seen));
`;

test("each built validator has a V8 code cache made from its own code, and this node's V8 accepts it", () => {
  const precompiled = pathToFileURL(join(VALIDATORS, '..', 'artifacts', 'precompiled.js')).href;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', ACCEPTED, precompiled, VALIDATORS], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const seen = JSON.parse(run.stdout) as { name: string; cache: boolean; rejected?: boolean; onNull?: boolean }[];
  assert.ok(seen.length >= Object.keys(ARTIFACTS).length, `${seen.length} validators`);
  for (const v of seen) {
    assert.equal(v.cache, true, `${v.name}: no code cache, or one made from other code`);
    assert.equal(v.rejected, false, `${v.name}: V8 rejected its cache`);
    assert.equal(v.onNull, false, v.name);
  }
});

// V8 checks a cache against the length of the code only: with another same-length code's cache it runs that code.
test("a code cache made from other code of the same length is not used: the file's own code runs", (t) => {
  const file = join(tempDir(t), 'v.cjs');
  const before = 'module.exports = function v(x) { return x === 1; };';
  const after = 'module.exports = function v(x) { return x === 2; };';
  assert.equal(before.length, after.length);
  writeFileSync(codeCachePath(file), codeCacheOf(file, before));
  writeFileSync(file, before);
  assert.ok(codeCacheFor(file, before));
  assert.equal(loadValidatorFile(file)?.(1), true);
  writeFileSync(file, after);
  assert.equal(codeCacheFor(file, after), undefined);
  const validator = loadValidatorFile(file);
  assert.equal(validator?.(2), true);
  assert.equal(validator?.(1), false);
});

test('a code cache V8 cannot read (another node) leaves the validator as compiled from its code; no file, no validator', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'v.cjs');
  const source = 'module.exports = function v(x) { return x === 3; };';
  writeFileSync(file, source);
  // The digest of the code, then bytes that are no V8 cache. (Not made by codeCacheOf: V8 would answer from the code
  // it compiled in this process, without reading the cache.)
  writeFileSync(codeCachePath(file), Buffer.concat([Buffer.from(sha256(source), 'hex'), Buffer.alloc(2000, 7)]));
  const cache = codeCacheFor(file, source);
  assert.ok(cache);
  assert.equal(runValidatorScript(file, source, cache).script.cachedDataRejected, true);
  assert.equal(loadValidatorFile(file)?.(3), true);
  assert.equal(loadValidatorFile(join(dir, 'missing.cjs')), undefined);
});

// V8 keeps the file name a cache was made under (the build's side folder): both ways must name the same file.
test('a validator names dist/validators/<file> in a stack trace, loaded from its cache made elsewhere or compiled', (t) => {
  const source = 'module.exports = function v(x) { if (x === 4) throw new Error("four"); return true; };';
  const made = join(tempDir(t), 'v.cjs');
  const file = join(tempDir(t), 'v.cjs');
  writeFileSync(file, source);
  writeFileSync(codeCachePath(file), codeCacheOf(made, source));
  for (const cache of [codeCacheFor(file, source), undefined]) {
    const { validator } = runValidatorScript(file, source, cache);
    assert.throws(() => validator(4), (error: Error) => / \(dist\/validators\/v\.cjs:1:\d+\)$/m.test(error.stack!));
  }
});

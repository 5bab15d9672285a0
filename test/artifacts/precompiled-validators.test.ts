import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { createAjv, schemaKey } from '../../src/artifacts/ajv.ts';
import { ARTIFACTS, type ArtifactName } from '../../src/artifacts/registry.ts';
import { Envelope } from '../../src/cache/store.ts';
import { spawnCli } from '../helpers/cli.ts';
import { buggyProject } from '../helpers/project.ts';
import { gitRepo } from '../helpers/temp.ts';

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
  assert.ok(existsSync(VALIDATORS), 'dist/validators/ is missing: scripts/build.mjs did not run build-validators.mjs');
  for (const [name, { schema }] of Object.entries(ARTIFACTS)) {
    assert.ok(existsSync(join(VALIDATORS, `${schemaKey(schema)}.cjs`)), `no built validator for the ${name} artifact`);
  }
  assert.ok(existsSync(join(VALIDATORS, `${schemaKey(Envelope)}.cjs`)));
});

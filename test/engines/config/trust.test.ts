// What a repository config may set, as an invariant: the table covers every key of the schema, and for hundreds of
// seeded random repository configs the effective config has no provider, role or recording the repository chose and
// no limit looser than the built-in (or the user's) one, each refusal named in the one warning; trusted, it is used.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { TSchema } from '@sinclair/typebox';
import { normalise, priceFor } from '../../../src/engines/config/prices.ts';
import { parseConfig } from '../../../src/engines/config/load.ts';
import { ConfigFile } from '../../../src/engines/config/schema.ts';
import { BUILT_IN_LIMITS, REPOSITORY_MAY_SET, repositoryConfigWarning, restrictRepositoryConfig, STRICTER_IS } from '../../../src/engines/config/trust.ts';
import type { RepositoryRefusal } from '../../../src/engines/config/resolve.ts';
import { prng as seeded } from '../../../scripts/kit/seeded-random.ts';
import { MODEL_IDS, randomConfig } from './generated-configs.ts';

type Json = Record<string, unknown>;
const valueAt = (obj: unknown, key: string): unknown => key.split('.').reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Json)[part] : undefined), obj);
// A repository price entry names a model id, which may hold dots itself (gpt-4.1): compare ids, not dotted parts.
const wasSet = (repo: Json, key: string): boolean =>
  key.startsWith('prices.') ? Object.keys((repo.prices as Json | undefined) ?? {}).some((id) => key === `prices.${id}` || key.startsWith(`prices.${id}.`)) : valueAt(repo, key) !== undefined;
/** True when one of the entries of `prices` is the one priceFor would use for `model` (their own lookup order). */
const priced = (model: string, prices: Json | undefined): boolean => Object.keys(prices ?? {}).some((id) => normalise(model).startsWith(normalise(id)));
const LIMITS = Object.keys(BUILT_IN_LIMITS) as Array<keyof typeof BUILT_IN_LIMITS>;
const CASES = 400;

/** Every key path of a TypeBox object schema, a record's key as `*`, down to the first key that is not an object. */
function schemaKeys(schema: TSchema, prefix = ''): string[] {
  const properties = (schema as { properties?: Record<string, TSchema> }).properties;
  const records = (schema as { patternProperties?: Record<string, TSchema> }).patternProperties;
  return Object.entries(properties ?? {}).flatMap(([key, inner]) => {
    const path = `${prefix}${key}`;
    if (Object.hasOwn(REPOSITORY_MAY_SET, path)) return [path];
    const nested = (inner as { patternProperties?: Record<string, TSchema> }).patternProperties;
    if (nested) return Object.values(nested).flatMap((value) => schemaKeys(value, `${path}.*.`));
    return (inner as { properties?: unknown }).properties ? schemaKeys(inner, `${path}.`) : [path];
  }).concat(Object.values(records ?? {}).flatMap((value) => schemaKeys(value, `${prefix}*.`)));
}

test('the table names every key of the config schema, and nothing else', () => {
  assert.deepEqual(schemaKeys(ConfigFile).sort(), Object.keys(REPOSITORY_MAY_SET).sort());
  for (const [key, may] of Object.entries(REPOSITORY_MAY_SET)) {
    assert.equal(Object.hasOwn(STRICTER_IS, key), may === 'stricter-only', `${key}: a direction exactly for stricter-only keys`);
  }
});

test('docs/configuration.md lists every key with the table\'s permission', () => {
  const page = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');
  const rows = Object.fromEntries([...page.matchAll(/^\| `([^`]+)` \| (set|never|stricter only) \|/gm)].map((m) => [m[1], m[2]!.replace(' ', '-')]));
  assert.deepEqual(rows, { ...REPOSITORY_MAY_SET });
});

test(`invariant over ${CASES} seeded repository configs: nobody but the user chooses who answers, and no limit gets looser`, () => {
  const random = seeded(39);
  for (let i = 0; i < CASES; i++) {
    const repo = randomConfig(random);
    const label = `case ${i}: ${JSON.stringify(repo)}`;
    const effective = parseConfig(repo, 'repo/.bug-hunter/config.json', '/repo', false);
    // Who answers: nothing from the repository.
    assert.deepEqual(Object.keys(effective.providers), ['static'], label);
    for (const binding of Object.values(effective.roles)) assert.deepEqual(binding, { provider: 'static' }, label);
    assert.equal(effective.record, false, label);
    // Limits: never looser than the built-in value; a stricter one is used as asked.
    for (const key of LIMITS) {
      const asked = valueAt(repo, key);
      const used = (valueAt(effective, key) as number | undefined) ?? Infinity;
      assert.ok(used <= BUILT_IN_LIMITS[key], `${label}: ${key} is ${used}`);
      if (typeof asked === 'number' && asked <= BUILT_IN_LIMITS[key]) assert.equal(used, asked, `${label}: ${key}`);
    }
    // Prices: no model is cheaper than its built-in price, and none unpriced there gets a price.
    for (const model of [...MODEL_IDS, ...MODEL_IDS.map((id) => `${id}-x`), 'vendor/claude-haiku-4-5']) {
      const before = priceFor(model);
      const after = priceFor(model, effective.prices);
      if (!before) assert.equal(after, null, `${label}: ${model} was unpriced`);
      else assert.ok(after && after.inputPerMTok >= before.inputPerMTok && after.outputPerMTok >= before.outputPerMTok, `${label}: ${model} ${JSON.stringify(after)} < ${JSON.stringify(before)}`);
    }
    // Every refusal is named in the one warning, and names a key the repository set.
    const warning = repositoryConfigWarning('config.json', effective.refused);
    for (const refusal of effective.refused) {
      assert.ok(warning.includes(refusal.key), `${label}: ${refusal.key} missing from the warning`);
      assert.ok(wasSet(repo, refusal.key), `${label}: ${refusal.key} was not set`);
    }
    if (effective.refused.length > 0) assert.match(warning, /--trust-repo-config/);
  }
});

test(`trusted (--trust-repo-config), the same ${CASES} configs are used as they are`, () => {
  const random = seeded(39);
  let used = 0;
  for (let i = 0; i < CASES; i++) {
    const repo = randomConfig(random);
    let trusted;
    try {
      trusted = parseConfig(repo, 'repo/.bug-hunter/config.json', '/repo', true);
    } catch {
      continue; // a binding the generator broke on purpose: a usage error, as for the user's own config
    }
    used += 1;
    assert.deepEqual(trusted.refused, []);
    // The name 'static' always means the static engine, whatever else the entry says.
    for (const name of Object.keys(repo.providers ?? {}).filter((n) => n !== 'static')) assert.deepEqual(trusted.providers[name], repo.providers?.[name]);
    for (const key of LIMITS) if (valueAt(repo, key) !== undefined) assert.equal(valueAt(trusted, key), valueAt(repo, key), key);
    assert.deepEqual(trusted.prices, repo.prices ?? {});
  }
  assert.ok(used > CASES / 4, `only ${used} generated configs resolved when trusted`);
});

test('against a base (the user\'s own values), a repository may only go stricter than the base, not the built-in', () => {
  const random = seeded(7);
  for (let i = 0; i < CASES; i++) {
    const base = randomConfig(random);
    const repo = randomConfig(random);
    const { file, refused } = restrictRepositoryConfig(repo, base);
    const label = `case ${i}: base ${JSON.stringify(base)} repo ${JSON.stringify(repo)}`;
    for (const key of LIMITS) {
      const floor = (valueAt(base, key) as number | undefined) ?? BUILT_IN_LIMITS[key];
      const kept = valueAt(file, key) as number | undefined;
      if (kept !== undefined) assert.ok(kept <= floor, `${label}: ${key} ${kept} > ${floor}`);
    }
    for (const model of MODEL_IDS) {
      if (!priced(model, file.prices)) continue;
      const mine = priceFor(model, file.prices);
      const theirs = priceFor(model, base.prices);
      assert.ok(mine && theirs && mine.inputPerMTok >= theirs.inputPerMTok && mine.outputPerMTok >= theirs.outputPerMTok, `${label}: ${model}`);
    }
    assert.ok(refused.every((r: RepositoryRefusal) => r.why !== 'looser' || (r.asked !== undefined && r.kept !== undefined)));
  }
});

test('a budget above the user\'s is refused and the user\'s is kept; below it, the repository\'s is used', () => {
  const user = { budgets: { perRunTokens: 100_000, perDayTokens: 1_000_000 } };
  const { file, refused } = restrictRepositoryConfig({ budgets: { perRunTokens: 1e12, perDayTokens: 500_000 } }, user);
  assert.deepEqual(file.budgets, { perDayTokens: 500_000 });
  assert.deepEqual(refused, [{ key: 'budgets.perRunTokens', why: 'looser', asked: 1e12, kept: 100_000 }]);
});

test('a config that only repeats the built-in choice (what `bug-hunter init` writes) is refused nothing', () => {
  const { refused } = restrictRepositoryConfig({ providers: { static: { type: 'static' } }, roles: { default: { provider: 'static' } }, record: false });
  assert.deepEqual(refused, []);
});

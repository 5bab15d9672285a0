// The rule files under src/engines/static/rules/: one per rule, validated when loaded, each naming the detector that emits it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { checkDetectors, listRules, loadRules } from '../../../src/engines/static/rules.ts';
import { RULE_FILES } from '../../../src/engines/static/rules/index.ts';
import { DETECTORS } from '../../../src/engines/static/detectors/index.ts';
import type { RuleModule } from '../../../src/engines/static/types.ts';

const good = RULE_FILES['xss'] as RuleModule;

test('every file in src/engines/static/rules/ is one registered rule named after its id', () => {
  const files = readdirSync('src/engines/static/rules').filter((n) => n !== 'index.ts').map((n) => n.replace(/\.ts$/, '')).sort();
  assert.deepEqual(files, Object.keys(RULE_FILES).sort());
  assert.deepEqual(listRules().map((r) => r.id), files);
});

test('a rule file with bad metadata is refused, naming the file and the field', () => {
  const bad = { xss: { ...good, meta: { ...good.meta, severity: 'bogus' } } } as unknown as Record<string, RuleModule>;
  assert.throws(() => loadRules(bad), /src\/static\/rules\/xss\.ts is not a valid rule \(\/severity: /);
  const badFloor = { xss: { ...good, meta: { ...good.meta, precision: { ...good.meta.precision, floor: 1.5 } } } };
  assert.throws(() => loadRules(badFloor), /xss\.ts is not a valid rule \(\/precision\/floor: /);
});

test('a rule file must be named after its id and name a detector that emits it', () => {
  assert.throws(() => loadRules({ 'cross-site': good }), /cross-site\.ts defines rule 'xss'; a rule's file is named after its id/);
  const sql = RULE_FILES['sql-injection'] as RuleModule;
  assert.throws(() => loadRules({ xss: { ...good, detector: sql.detector } }), /xss\.ts names a detector that never emits 'xss'/);
});

test('every rule a detector emits has a file, and every file names a detector the engine runs', () => {
  const rules = loadRules(RULE_FILES);
  assert.doesNotThrow(() => checkDetectors(rules, RULE_FILES));
  const withoutXss = new Map(rules);
  withoutXss.delete('xss');
  assert.throws(() => checkDetectors(withoutXss, RULE_FILES), /A detector emits 'xss' without a file in src\/static\/rules\//);
  const stray = { ...good.detector!, rules: ['xss'] };
  assert.throws(() => checkDetectors(rules, { xss: { ...good, detector: stray } }), /xss\.ts names a detector missing from src\/static\/detectors\/index\.ts/);
  assert.equal(new Set(Object.values(RULE_FILES).map((r) => r.detector).filter((d) => d !== null)).size, DETECTORS.length);
});

// The rule folders under src/engines/static/rules/: one per rule, listed by the generated index (checked fresh here),
// validated when loaded, each naming the detector that emits it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkDetectors, DETECTORS, detectorsOf, listRules, loadRules } from '../../../src/engines/static/rules.ts';
import { RULE_FILES } from '../../../src/engines/static/rules/index.ts';
import type { RuleModule } from '../../../src/engines/static/types.ts';
import { RULES_INDEX, ruleFolders, ruleIndexSource } from '../../../scripts/build/rules-index-source.ts';

const good = RULE_FILES['xss'] as RuleModule;

test('every file in src/engines/static/rules/ is one registered rule named after its id', () => {
  const folders = ruleFolders();
  assert.deepEqual(folders, Object.keys(RULE_FILES).sort());
  assert.deepEqual(listRules().map((r) => r.id), folders);
});

test('the rule index is generated from the rule folders and is fresh (`pnpm rules:index` rewrites it)', () => {
  assert.equal(readFileSync(RULES_INDEX, 'utf8'), ruleIndexSource(ruleFolders()));
  // A folder added without regenerating makes the index stale.
  assert.notEqual(readFileSync(RULES_INDEX, 'utf8'), ruleIndexSource([...ruleFolders(), 'new-rule']));
});

test('a rule file with bad metadata is refused, naming the file and the field', () => {
  const bad = { xss: { ...good, meta: { ...good.meta, severity: 'bogus' } } } as unknown as Record<string, RuleModule>;
  assert.throws(() => loadRules(bad), /src\/engines\/static\/rules\/xss\/rule\.ts is not a valid rule \(\/severity: /);
  const badFloor = { xss: { ...good, meta: { ...good.meta, precision: { ...good.meta.precision, floor: 1.5 } } } };
  assert.throws(() => loadRules(badFloor), /xss\/rule\.ts is not a valid rule \(\/precision\/floor: /);
});

test('a rule file must be named after its id and name a detector that emits it', () => {
  assert.throws(() => loadRules({ 'cross-site': good }), /cross-site\/rule\.ts defines rule 'xss'; a rule's folder is named after its id/);
  const sql = RULE_FILES['sql-injection'] as RuleModule;
  assert.throws(() => loadRules({ xss: { ...good, detector: sql.detector } }), /xss\/rule\.ts names a detector that never emits 'xss'/);
});

test('every rule a detector emits has a file, and every file names a detector the engine runs', () => {
  const rules = loadRules(RULE_FILES);
  assert.doesNotThrow(() => checkDetectors(rules, RULE_FILES));
  const withoutXss = new Map(rules);
  withoutXss.delete('xss');
  assert.throws(() => checkDetectors(withoutXss, RULE_FILES), /A detector emits 'xss' without a folder in src\/engines\/static\/rules\//);
  // A detector that also emits a rule whose folder names another detector would make two detectors emit it.
  const stray = { ...good.detector!, rules: ['xss', 'sql-injection'] };
  assert.throws(() => checkDetectors(rules, { ...RULE_FILES, xss: { ...good, detector: stray } }), /A detector emits 'sql-injection', whose src\/engines\/static\/rules\/<rule-id>\/rule\.ts names another detector/);
  // The engine runs exactly the detectors the rule folders name, each once.
  assert.equal(new Set(Object.values(RULE_FILES).map((r) => r.detector).filter((d) => d !== null)).size, DETECTORS.length);
  assert.deepEqual(DETECTORS, detectorsOf(RULE_FILES));
});

test('the detectors run in the order each states, and no two state the same place', () => {
  const orders = DETECTORS.map((d) => d.order);
  assert.equal(new Set(orders).size, orders.length, 'two detectors state the same order');
  assert.deepEqual(orders, [...orders].sort((a, b) => a - b));
  // The order is the engine's, not the folders': the injection detectors run first, as before the rules had folders.
  assert.deepEqual(DETECTORS.slice(0, 3).map((d) => d.rules[0]), ['command-injection', 'code-injection', 'sql-injection']);
});

// Rules of the reviewer's lenses take their severity from their consequence and carry no CVSS; a rule whose raw measured
// precision is below ½ on 10 or more judged findings is off by default, and its findings are dismissed saying why.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listRules, judgeStatic, refuteStatic } from '../../../src/engines/static/index.ts';
import { huntFile } from '../../../src/engines/static/index.ts';
import { getRule, loadRules, ruleDefault, severityOfConsequence } from '../../../src/engines/static/rules.ts';
import { isSecurityFinding } from '../../../src/engines/security/classify.ts';
import { rule as swallowed } from '../../../src/engines/static/rules/swallowed-async-error/rule.ts';

const counts = (tp: number, fp: number) => ({ precision: { truePositives: tp, falsePositives: fp, measuredOn: 'x', floor: 0 } });

test('a rule is off by default only with raw precision below 0.5 on at least 10 judged findings', () => {
  assert.equal(ruleDefault(counts(0, 9)).on, true, '9 judged findings say too little');
  assert.equal(ruleDefault(counts(4, 6)).on, false);
  assert.match(ruleDefault(counts(4, 6)).why, /raw precision 4\/10 = 0\.400 is below 0\.5/);
  assert.equal(ruleDefault(counts(5, 5)).on, true, 'exactly one half stays on');
  assert.equal(ruleDefault(counts(1, 10)).on, false);
  // The reason says how many of the judged findings are on real packages, and when a rule is on for too few.
  assert.match(ruleDefault(counts(2, 0)).why, /^on with too few judged findings: 2 \(0 on real code\), fewer than the 10/);
  assert.match(ruleDefault({ precision: { truePositives: 1, falsePositives: 11, onRealCode: 10, measuredOn: 'x', floor: 0 } }).why, /below 0\.5 on 10 or more judged findings \(10 on real code\)$/);
  assert.match(ruleDefault(getRule('switch-fallthrough')!).why, /\(10 on real code\)/, 'its ten lodash and axios judgements are on real code');
  const off = listRules().filter((r) => !r.defaultOn).map((r) => r.id);
  assert.ok(off.includes('switch-fallthrough'), 'switch-fallthrough measures 1 true of 11');
  for (const r of listRules()) assert.equal(r.defaultOn, ruleDefault(getRule(r.id)!).on);
});

test("an off rule still runs (its cases are still measured) but a default scan dismisses its findings, saying why", () => {
  const file = { path: 'src/grade.js', content: 'function grade(s) {\n  switch (s) {\n    case 1:\n      log("one");\n    case 2:\n      return "low";\n    default:\n      return "high";\n  }\n}\nmodule.exports = grade;\n', language: 'javascript', isTest: false };
  const found = huntFile(file).filter((f) => f.ruleId === 'switch-fallthrough');
  assert.ok(found.length >= 1, 'the detector still finds the fallthrough');
  const judged = judgeStatic(found[0]!, refuteStatic(found[0]!, file));
  assert.equal(judged.verdict, 'dismissed');
  assert.match(judged.reasoning, /off by default: raw precision 1\/11/);
});

test('lens rules carry a consequence, the severity it gives, and no CVSS (they are not security findings)', () => {
  assert.equal(severityOfConsequence('data-loss'), 'high');
  assert.equal(severityOfConsequence('crash'), 'medium');
  assert.equal(severityOfConsequence('wrong-answer'), 'medium');
  assert.equal(severityOfConsequence('leak'), 'low');
  const lensRules = listRules().filter((r) => r.consequence !== undefined);
  assert.deepEqual(lensRules.map((r) => r.id).sort(), [
    'allocation-ignores-size', 'callback-guarded-in-one-branch', 'count-against-drained-length', 'discarded-timeout-timer',
    'dropped-rethrowing-chain', 'failed-resource-kept', 'inclusive-end-zero-length', 'isnan-only-integer-check',
    'one-based-page-offset', 'request-value-string-method', 'resource-field-overwritten', 'string-method-on-non-string',
    'swallowed-async-error', 'write-after-callback-end', 'zero-option-ignored',
  ]);
  for (const r of lensRules) {
    assert.equal(r.severity, severityOfConsequence(r.consequence!), r.id);
    assert.ok(r.cwe, `${r.id} names a CWE`);
    assert.equal(isSecurityFinding({ category: r.category, cwe: r.cwe ?? undefined }), false, `${r.id} would be given a CVSS vector`);
  }
});

test('a rule whose severity does not follow its consequence is refused, naming the file', () => {
  const wrong = { ...swallowed, meta: { ...swallowed.meta, severity: 'high' as const } };
  assert.throws(() => loadRules({ 'swallowed-async-error': wrong }), /swallowed-async-error\/rule\.ts: a rule whose consequence is 'wrong-answer' has severity 'medium', not 'high'/);
});

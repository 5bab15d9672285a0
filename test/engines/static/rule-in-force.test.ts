// ruleInForce: the one answer to "what does a scan do with rule X under these settings", which the report's
// applyRuleSettings and `bug-hunter rules <target>` both give. Rules are picked by their measured default, so the
// test holds whichever rules are on or off today.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listRules, ruleInForce } from '../../../src/engines/static/index.ts';

const onByDefault = listRules().find((r) => r.defaultOn);
const offByDefault = listRules().find((r) => !r.defaultOn);

test('no setting leaves each rule at its measured default, whose word is the default', () => {
  assert.ok(onByDefault && offByDefault, 'the engine has a rule on by default and one off by default');
  assert.deepEqual(ruleInForce(onByDefault.id, undefined), { on: true, by: 'default' });
  assert.deepEqual(ruleInForce(offByDefault.id, undefined), { on: false, by: 'default' });
});

test("'off' wins over the default, on or off, and names whose word it is", () => {
  assert.ok(onByDefault && offByDefault);
  assert.deepEqual(ruleInForce(onByDefault.id, { setting: 'off', where: '--rule' }), { on: false, by: '--rule' });
  assert.deepEqual(ruleInForce(offByDefault.id, { setting: 'off', where: 'a/config.json' }), { on: false, by: 'a/config.json' });
});

test('a severity applies to a rule that runs and does not switch on a rule that is off by default', () => {
  assert.ok(onByDefault && offByDefault);
  assert.deepEqual(ruleInForce(onByDefault.id, { setting: 'low', where: '--rule' }), { on: true, severity: 'low', by: '--rule' });
  assert.deepEqual(ruleInForce(offByDefault.id, { setting: 'high', where: '--rule' }), { on: false, by: 'default' });
});

test('a rule the engine does not know counts as on by default', () => {
  assert.deepEqual(ruleInForce('no-such-rule', undefined), { on: true, by: 'default' });
  assert.deepEqual(ruleInForce('no-such-rule', { setting: 'medium', where: '--rule' }), { on: true, severity: 'medium', by: '--rule' });
});

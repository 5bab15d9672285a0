// applyRuleSettings: the scan report applies each rule setting as ruleInForce says (the answer `bug-hunter rules
// <target>` shows): off hides and is counted, a severity is an override, and a severity leaves a rule that is off by
// default as the referee dismissed it (no override on a finding the scan does not report).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ConfiguredSetting } from '../../../src/engines/config/scan-settings.ts';
import { applyRuleSettings } from '../../../src/engines/report/rule-settings.ts';
import { listRules } from '../../../src/engines/static/index.ts';
import { finding, reported } from '../../helpers/builders.ts';

const onByDefault = listRules().find((r) => r.defaultOn)!;
const offByDefault = listRules().find((r) => !r.defaultOn)!;

function setting(id: string, value: string): ConfiguredSetting {
  return { key: `rules.${id}`, value, source: 'flag', where: '--rule', applied: true };
}

test('a rule set off hides its findings and counts them; a severity is an override visible on the finding', () => {
  const findings = [
    reported(finding('BUG-1', { ruleId: onByDefault.id, severity: 'high', engine: 'static' })),
    reported(finding('BUG-2', { ruleId: 'other-rule', severity: 'high', engine: 'static' })),
  ];
  const hiddenRun = applyRuleSettings(structuredClone(findings), [setting(onByDefault.id, 'off')]);
  assert.deepEqual(hiddenRun.findings.map((f) => f.finding.id), ['BUG-2']);
  assert.equal(hiddenRun.hidden.get(`rules.${onByDefault.id}`), 1);

  const lowered = applyRuleSettings(structuredClone(findings), [setting(onByDefault.id, 'low')]);
  assert.equal(lowered.findings[0]?.severity, 'low');
  assert.deepEqual(lowered.findings[0]?.severityOverride, { from: 'high', source: 'flag', where: '--rule' });
  assert.equal(lowered.findings[1]?.severityOverride, undefined);
});

test('a severity on a rule that is off by default switches nothing on: its dismissed finding keeps its severity', () => {
  const dismissed = reported(finding('BUG-3', { ruleId: offByDefault.id, severity: 'low', engine: 'static' }), { verdict: 'dismissed', tier: 'T3' });
  const out = applyRuleSettings([dismissed], [setting(offByDefault.id, 'critical')]);
  assert.equal(out.findings.length, 1);
  assert.equal(out.findings[0]?.severity, 'low');
  assert.equal(out.findings[0]?.severityOverride, undefined);
  assert.equal(out.hidden.size, 0);
  // Set off, it is hidden like any rule set off.
  assert.equal(applyRuleSettings([structuredClone(dismissed)], [setting(offByDefault.id, 'off')]).findings.length, 0);
});

test('a setting not applied (set aside, or a lower layer) changes nothing', () => {
  const f = reported(finding('BUG-4', { ruleId: onByDefault.id, severity: 'high', engine: 'static' }));
  const out = applyRuleSettings([f], [{ ...setting(onByDefault.id, 'off'), applied: false, why: 'the change adds it' }]);
  assert.equal(out.findings.length, 1);
});

// The counts a rule file records, read and rewritten as text (scripts/bench/benchmark/rule-counts.ts), and the stale
// check `static-precision.ts --stale` runs in `pnpm quality:world-class`: every rule whose recorded counts are not a
// fresh count is named, with both.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { describeStale, recordedCounts, staleCounts, withCounts, type RuleCounts } from '../../../../scripts/bench/benchmark/rule-counts.ts';

const ROOT = new URL('../../../../', import.meta.url);
const ssrf = readFileSync(new URL('src/engines/static/rules/ssrf/rule.ts', ROOT), 'utf8');

test('a rule file\'s counts are read, and rewritten without touching anything else (onRealCode added only when there is one)', () => {
  const was = recordedCounts(ssrf);
  assert.ok(was && was.truePositives > 0, 'the ssrf rule records counts');
  const next: RuleCounts = { truePositives: was.truePositives + 3, falsePositives: 2, onRealCode: 0 };
  const written = withCounts(ssrf, next);
  assert.deepEqual(recordedCounts(written), next);
  assert.doesNotMatch(written, /onRealCode/);
  assert.equal(written.replace(/\d+/g, 'N'), ssrf.replace(/\d+/g, 'N'), 'only the figures changed');
  const onReal = withCounts(written, { ...next, onRealCode: 4 });
  assert.deepEqual(recordedCounts(onReal), { ...next, onRealCode: 4 });
  assert.match(onReal, /falsePositives: 2, onRealCode: 4,/);
  assert.equal(recordedCounts('export const x = 1;\n'), null);
});

test('the stale rules are those whose recorded counts differ from the measured ones, named with both', () => {
  const same = { truePositives: 9, falsePositives: 0, onRealCode: 0 };
  const recorded = new Map<string, RuleCounts | null>([['ssrf', same], ['redos', { truePositives: 2, falsePositives: 0, onRealCode: 0 }], ['new-rule', null], ['judged', { ...same, onRealCode: 1 }]]);
  const measured = new Map<string, RuleCounts>([['ssrf', same], ['redos', { truePositives: 20, falsePositives: 0, onRealCode: 0 }], ['new-rule', { truePositives: 0, falsePositives: 0, onRealCode: 0 }], ['judged', { ...same, onRealCode: 2 }]]);
  const stale = staleCounts(recorded, measured);
  assert.deepEqual(stale.map((s) => s.ruleId), ['judged', 'redos'], 'sorted by rule id; a file recording nothing counts as 0/0');
  assert.equal(describeStale(stale[1]!), `${'redos'.padEnd(30)} recorded tp=2 fp=0 → measured tp=20 fp=0`);
  assert.match(describeStale(stale[0]!), /recorded tp=9 fp=0 onRealCode=1 → measured tp=9 fp=0 onRealCode=2$/);
  assert.deepEqual(staleCounts(measured, measured), []);
});

test('pnpm quality:world-class runs the stale check as a step of its own', () => {
  const gate = readFileSync(new URL('scripts/gate/quality-world-class.ts', ROOT), 'utf8');
  assert.match(gate, /'scripts\/bench\/static-precision\.ts', '--stale'\]/);
  assert.match(gate, /\['rule counts fresh', ruleCountsFresh\],/);
  const script = readFileSync(new URL('scripts/bench/static-precision.ts', ROOT), 'utf8');
  assert.match(script, /if \(differ\.length > 0\) process\.exitCode = 1;/, '--stale exits 1 on a stale rule');
});

// Every static rule against its own cases (src/engines/static/rules/<rule-id>/fixtures/**, semgrep style): it fires on each
// `ruleid:` line, on no `ok:` line and nowhere else in its files. Every rule has at least one of each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listRules } from '../../../src/engines/static/rules.ts';
import { upheldFindings } from '../../../src/engines/static/score.ts';
import { CASES_DIR, allCaseFiles, caseFiles, disagreements, markersOf } from './rule-case-markers.ts';

const rules = listRules();

test('every rule has cases: at least one ruleid line and one ok line', () => {
  const missing = rules.flatMap(({ id }) => {
    const markers = caseFiles(id).flatMap((f) => markersOf(f.content)).filter((m) => m.ruleId === id);
    const kinds = new Set(markers.map((m) => m.kind));
    return (['ruleid', 'ok'] as const).filter((k) => !kinds.has(k)).map((k) => `${id}: no '${k}: ${id}' case in ${CASES_DIR.replace('<rule-id>', id)}`);
  });
  assert.deepEqual(missing, []);
});

test('every case file is named after a rule it marks, and marks only rules that exist', () => {
  // A case file is named by the rule folder it sits in: it marks a line for that rule, or (a file of decoys only) no
  // line at all, and then the rule must fire nowhere in it.
  const ids = new Set(rules.map((r) => r.id));
  const stray = allCaseFiles().flatMap(({ path: name, content, rule: owner }) => {
    const where = `${CASES_DIR.replace('<rule-id>', owner)}/${name}`;
    if (!ids.has(owner)) return [`${where}: no rule with this id`];
    const markers = markersOf(content);
    const unknown = markers.filter((m) => !ids.has(m.ruleId)).map((m) => `${where}:${m.line}: marks ${m.ruleId}, no such rule`);
    return markers.length === 0 || markers.some((m) => m.ruleId === owner) ? unknown : [...unknown, `${where}: marks no line for its own rule ${owner}`];
  });
  assert.deepEqual(stray, []);
});

for (const { id } of rules) {
  test(`rule ${id} fires on its ruleid lines and nowhere else in its cases`, () => {
    const problems = caseFiles(id).flatMap((file) => disagreements(id, file, upheldFindings(file)));
    assert.deepEqual(problems, []);
  });
}

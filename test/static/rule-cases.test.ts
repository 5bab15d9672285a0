// Every static rule against its own cases (test/static/rule-cases/<rule-id>.*, semgrep style): it fires on each
// `ruleid:` line, on no `ok:` line and nowhere else in its files. Every rule has at least one of each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { listRules } from '../../src/static/rules.ts';
import { upheldFindings } from '../../src/static/score.ts';
import { CASES_DIR, caseFiles, disagreements, markersOf } from './rule-case-markers.ts';

const rules = listRules();

test('every rule has cases: at least one ruleid line and one ok line', () => {
  const missing = rules.flatMap(({ id }) => {
    const markers = caseFiles(id).flatMap((f) => markersOf(f.content)).filter((m) => m.ruleId === id);
    const kinds = new Set(markers.map((m) => m.kind));
    return (['ruleid', 'ok'] as const).filter((k) => !kinds.has(k)).map((k) => `${id}: no '${k}: ${id}' case in ${CASES_DIR}/${id}.*`);
  });
  assert.deepEqual(missing, []);
});

test('every case file belongs to a rule and marks only that rule', () => {
  const ids = new Set(rules.map((r) => r.id));
  const stray = readdirSync(CASES_DIR).flatMap((name) => {
    const owner = rules.map((r) => r.id).filter((id) => name.startsWith(`${id}.`)).sort((a, b) => b.length - a.length)[0];
    if (!owner) return [`${name}: no rule with this id`];
    return markersOf(caseFiles(owner).find((f) => f.path === name)?.content ?? '').filter((m) => m.ruleId !== owner || !ids.has(m.ruleId)).map((m) => `${name}:${m.line}: marks ${m.ruleId}`);
  });
  assert.deepEqual(stray, []);
});

for (const { id } of rules) {
  test(`rule ${id} fires on its ruleid lines and nowhere else in its cases`, () => {
    const problems = caseFiles(id).flatMap((file) => disagreements(id, file, upheldFindings(file)));
    assert.deepEqual(problems, []);
  });
}

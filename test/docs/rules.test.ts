// docs/rules.md is generated from the static rules' metadata (`pnpm docs:rules`): it lists every rule, and it is stale
// (this test fails) as soon as a rule's metadata or measured precision changes without regenerating it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CONFIRM_MIN_PRECISION, listRules } from '../../src/engines/static/index.ts';
import { RULES_DOC, rulesMarkdown } from '../../scripts/docs/rules-markdown.ts';

test('docs/rules.md is generated from the rule metadata and is fresh', () => {
  assert.equal(readFileSync(RULES_DOC, 'utf8'), rulesMarkdown(listRules(), CONFIRM_MIN_PRECISION), 'docs/rules.md is stale: run `pnpm docs:rules`');
});

test('docs/rules.md has one row per rule with its CWE, severity, precision and whether it confirms alone', () => {
  const rules = listRules();
  const text = rulesMarkdown(rules, CONFIRM_MIN_PRECISION);
  for (const r of rules) {
    const row = text.split('\n').find((line) => line.startsWith(`| [\`${r.id}\`]`));
    assert.ok(row, r.id);
    assert.ok(row.includes(r.severity) && row.includes(r.precision.toFixed(3)), row);
    if (r.cwe) assert.ok(row.includes(r.cwe), row);
  }
  // A changed measurement changes the document, so a stale copy fails the test above.
  const [first, ...rest] = rules;
  assert.ok(first);
  const changed = rulesMarkdown([{ ...first, precision: first.precision / 2 }, ...rest], CONFIRM_MIN_PRECISION);
  assert.notEqual(changed, text);
  assert.match(changed.split('\n').find((l) => l.startsWith(`| [\`${first.id}\`]`)) ?? '', /\| off \(manual review\) \|$/);
});

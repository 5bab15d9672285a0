import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PACKAGE_KINDS, VULN_CLASSES, parseCases, parseMature, parseRealWorldGate, readCorpus } from '../../../../scripts/corpora/real-world/corpus.ts';
import { selectCases, targetsOf } from '../../../../scripts/corpora/real-world/select.ts';

const dir = fileURLToPath(new URL('../../../../benchmark/real-world', import.meta.url));
const { cases, mature } = readCorpus(dir);

test('the committed corpus parses and covers every class and kind, with 45 mature packages', () => {
  assert.ok(cases.length >= 20, `${cases.length} cases`);
  assert.equal(mature.length, 45);
  for (const kind of PACKAGE_KINDS) assert.ok(cases.some((c) => c.kind === kind), `no ${kind} case`);
  const classes = new Set(cases.map((c) => c.class));
  assert.ok(classes.size >= 8, `only ${classes.size} classes`);
  assert.ok(VULN_CLASSES.length >= classes.size);
  parseRealWorldGate(readFileSync(`${dir}/gate.json`, 'utf8'));
});

test('a case with a duplicate id, equal versions, a bad advisory id or an unknown class is refused', () => {
  const one = JSON.stringify(cases[0]);
  const file = (list: string[]) => `{"description":"d","cases":[${list.join(',')}]}`;
  assert.throws(() => parseCases(file([one, one])), /appears twice/);
  assert.throws(() => parseCases(file([JSON.stringify({ ...cases[0], fixed: cases[0]!.vulnerable })])), /same fixed and vulnerable/);
  assert.throws(() => parseCases(file([JSON.stringify({ ...cases[0], advisories: ['GHSA-nope'] })])), /advisories/);
  assert.throws(() => parseCases(file([JSON.stringify({ ...cases[0], class: 'sqli' })])), /class/);
  assert.throws(() => parseMature('{"description":"d","packages":[{"package":"Bad Name","version":"1","why":"w"}]}'), /schema/);
});

test('--only and --class narrow the cases; each case brings both versions; versions are listed once', () => {
  assert.deepEqual(selectCases(cases, [cases[0]!.id], []).map((c) => c.id), [cases[0]!.id]);
  assert.ok(selectCases(cases, [], ['redos']).every((c) => c.class === 'redos'));
  assert.throws(() => selectCases(cases, ['no-such-case'], []), /no such case/);
  const st = cases.filter((c) => c.package === 'st');
  const keys = targetsOf(st, []).map((t) => t.key);
  assert.deepEqual(keys, [...new Set(keys)]);
  assert.equal(keys.length, new Set(st.flatMap((c) => [c.vulnerable, c.fixed])).size);
});

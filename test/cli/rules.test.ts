// `bug-hunter rules` lists every static rule with its class, CWE, languages, whether it is on by default and why, its raw
// measured counts and, labelled, the smoothed precision.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rulesCommand } from '../../src/commands/rules.ts';
import type { CommandIO } from '../../src/commands/kit/command.ts';
import { listRules } from '../../src/engines/static/index.ts';

function capture(): { io: CommandIO; out: () => string } {
  let text = '';
  return { io: { stdout: (t) => { text += t; }, stderr: () => {}, cwd: process.cwd(), signal: new AbortController().signal }, out: () => text };
}

test('the table names every rule once with its CWE, default, raw counts and labelled smoothed precision; --json carries the counts', async () => {
  const table = capture();
  assert.equal(await rulesCommand.run([], table.io), 0);
  const rules = listRules();
  const head = table.out().split('\n')[0] ?? '';
  assert.match(head, /default\s+raw tp\/judged\s+smoothed precision\s+why on or off/);
  for (const r of rules) {
    const judged = r.truePositives + r.falsePositives;
    assert.match(table.out(), new RegExp(`^${r.id}\\s+${r.category}\\s+${r.cwe ?? '—'}\\s+javascript, typescript\\s+${r.defaultOn ? 'on' : 'off'}\\s+${r.truePositives}/${judged}\\s+${r.precision.toFixed(3)}\\s+\\S`, 'm'));
  }
  const off = rules.filter((r) => !r.defaultOn).length;
  assert.match(table.out(), new RegExp(`^${rules.length} rules, ${off} off by default\\. smoothed precision = \\(tp \\+ ½\\) / \\(judged \\+ 1\\)`, 'm'));
  assert.match(table.out(), /^switch-fallthrough\s.*\soff\s+1\/11\s+0\.125\s+raw precision 1\/11 = 0\.091 is below 0\.5/m);
  const json = capture();
  assert.equal(await rulesCommand.run(['--json'], json.io), 0);
  const parsed = JSON.parse(json.out()) as Array<{ id: string; cwe: string | null; truePositives: number; languages: string[] }>;
  assert.deepEqual(parsed.map((r) => r.id), rules.map((r) => r.id));
  assert.equal(parsed.find((r) => r.id === 'open-redirect')?.cwe, 'CWE-601');
  assert.ok(parsed.every((r) => r.truePositives >= 1 && r.languages.includes('typescript')));
});

test('rules takes at most one target', async () => {
  await assert.rejects(rulesCommand.run(['one', 'two'], capture().io), /takes at most one target \(got one two\)/);
});

// Results where people look (issue 45, item 3): `scan --verify` on a real suite in bubblewrap puts what the suite did
// in report.md's Verification section, scan-report.json's checks, SARIF's run-level notifications and the terminal
// summary — for a green suite, a red one and one that could not run (which exits 3 naming the check and why) — and
// `--repro` without a tester model is a usage error before any work.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { runCli } from '../../helpers/cli.ts';
import { tempDir, writeFiles } from '../../helpers/temp.ts';

const MATH = 'export const add = (a, b) => a + b;\nexport const div = (a, b) => a / b;\n';
const SUITE = (divides: number) =>
  `import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add, div } from '../src/math.js';\ntest('adds', () => assert.equal(add(1, 2), 3));\ntest('divides', () => assert.equal(div(6, 3), ${divides}));\n`;

async function scanned(t: import('node:test').TestContext, testScript: string, divides = 2) {
  const dir = tempDir(t, 'bh-verify-section-');
  writeFiles(dir, { 'package.json': JSON.stringify({ name: 'm', type: 'module', scripts: { test: testScript } }), 'src/math.js': MATH, 'test/math.test.js': SUITE(divides) });
  const r = await runCli(['scan', dir, '--verify', '--sandbox', 'bwrap'], dir);
  const out = join(dir, '.bug-hunter');
  const sarif = JSON.parse(readFileSync(join(out, 'report.sarif'), 'utf8')) as { runs: Array<{ invocations: Array<{ toolExecutionNotifications?: Array<{ level: string; message: { text: string } }> }> }> };
  const notes = sarif.runs[0]!.invocations[0]!.toolExecutionNotifications ?? [];
  return { r, markdown: readFileSync(join(out, 'report.md'), 'utf8'), report: readArtifact(out, 'scan-report'), notes };
}

const section = (markdown: string) => {
  const start = markdown.indexOf('## Verification\n');
  assert.ok(start >= 0, `report.md has a Verification section:\n${markdown}`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
};

test('a green suite: the Verification section names the command and PASS; scan-report, SARIF and the terminal say the same; exit 0', async (t) => {
  const { r, markdown, report, notes } = await scanned(t, 'node --test test/');
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const text = section(markdown);
  assert.match(text, /- \*\*Verification \(--verify\)\*\*: ran — /);
  assert.match(text, /  - `test` `[^`]+`: \*\*PASS\*\* — passed/);
  const verify = report.checks!.find((c) => c.check === 'verify')!;
  assert.equal(verify.ran, true);
  assert.deepEqual(verify.items!.map((i) => [i.name, i.status]), [['test', 'PASS']]);
  assert.ok(notes.some((n) => n.level === 'note' && /^verify test .*: PASS/.test(n.message.text)), JSON.stringify(notes));
  assert.match(r.stdout, /Checks asked for:\n  verify: ran — .*\n  verify test .*: PASS — passed/);
});

test('a red suite: the Verification section names the failing test', async (t) => {
  const { r, markdown, report, notes } = await scanned(t, 'node --test test/', 5);
  assert.notEqual(r.code, 3, `a suite that ran and failed is a result, not a check that could not run: ${r.stdout}`);
  const text = section(markdown);
  assert.match(text, /  - `test` `[^`]+`: \*\*FAIL\*\* — failing: divides/);
  assert.deepEqual(report.checks!.find((c) => c.check === 'verify')!.items!.map((i) => [i.status, i.detail]), [['FAIL', 'failing: divides']]);
  assert.ok(notes.some((n) => n.level === 'warning' && /FAIL — failing: divides/.test(n.message.text)), JSON.stringify(notes));
});

test('a suite that could not run (cross-env: not found): the section says why, and the run exits 3 naming the check and why', async (t) => {
  const { r, markdown, notes } = await scanned(t, 'cross-env NODE_ENV=test node --test test/');
  assert.equal(r.code, 3, r.stdout + r.stderr);
  assert.match(r.stdout, /exit 3: --verify was asked for but could not run: .*cross-env/);
  const text = section(markdown);
  assert.match(text, /- \*\*Verification \(--verify\)\*\*: \*\*could not run\*\* — .*cross-env/);
  assert.match(text, /\*\*UNAVAILABLE\*\* — tool or dependency missing in the sandbox: .*cross-env/);
  assert.ok(notes.some((n) => n.level === 'error' && n.message.text.startsWith('verify: could not run')), JSON.stringify(notes));
  assert.match(r.stdout, /NOT RUN verify: could not run/);
});

test('--repro without a tester model is a usage error (exit 2) before any work', async (t) => {
  const dir = tempDir(t, 'bh-repro-no-tester-');
  writeFiles(dir, { 'package.json': JSON.stringify({ name: 'm', type: 'module' }), 'src/math.js': MATH });
  const r = await runCli(['scan', dir, '--repro'], dir);
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /--repro needs a model for the tester role/);
  assert.ok(!existsSync(join(dir, '.bug-hunter', 'scan-report.json')), 'nothing was scanned');
  assert.ok(!existsSync(join(dir, '.bug-hunter', 'triage.json')), 'not even triage ran');
});

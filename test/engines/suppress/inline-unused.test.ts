// Inline bug-hunter-ignore comments that hide no finding are reported as unused (like ESLint's
// --report-unused-disable-directives), through the real CLI on real git repositories: in the summary, report.md and
// a SARIF notification; a comment whose finding was found but set aside is "not applied", never unused.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ScanReport } from '../../../src/artifacts/schemas/scan-report.ts';
import { runCli } from '../../helpers/cli.ts';
import { validateSarifLogs, assertNoProblems } from '../../helpers/sarif-validator.ts';
import { git, gitRepo, tempDir, writeFiles } from '../../helpers/temp.ts';

/** A command injection, with a reasoned comment naming `rule` on the line above it (line 3). */
const commented = (rule: string) =>
  [
    "const { exec } = require('child_process');",
    'exports.cat = function cat(req, res) {',
    `  // bug-hunter-ignore ${rule}: the proxy in front only lets [a-z]+ file names through`,
    "  exec('cat ' + req.query.file, (err, out) => res.send(out));",
    '};',
    '',
  ].join('\n');
// A comment above code no rule reports (line 1).
const CLEAN = ['// bug-hunter-ignore sql-injection: the old query builder was unsafe', 'exports.add = (a, b) => a + b;', ''].join('\n');

type SarifLog = { runs: { invocations: { toolExecutionNotifications?: { level: string; message: { text: string } }[] }[] }[] };
const readJson = <T>(repo: string, file: string): T => JSON.parse(readFileSync(join(repo, '.bug-hunter', file), 'utf8')) as T;
const inlineUnused = (report: ScanReport) => (report.suppressions?.unused ?? []).filter((u) => u.source === 'inline').map((u) => [u.where, u.ruleId, u.reason]);

test('a comment above clean code is an unused suppression in the summary, report.md and SARIF; the one above its finding is used', async (t) => {
  const repo = gitRepo(t, { 'cat.js': commented('command-injection'), 'add.js': CLEAN });
  const scan = await runCli(['scan', repo, '--quiet']);
  assert.equal(scan.code, 0, scan.stdout + scan.stderr);
  assert.match(scan.stdout, /^Clean: /m);
  assert.match(scan.stdout, /^Suppressed: 1$/m);
  assert.match(scan.stdout, /^Unused suppressions \(match no finding; remove them\): 1\n {2}comment bug-hunter-ignore sql-injection in add\.js:1 \(inline\): "the old query builder was unsafe"$/m);
  const report = readJson<ScanReport>(repo, 'scan-report.json');
  assert.deepEqual(inlineUnused(report), [['add.js:1', 'sql-injection', 'the old query builder was unsafe']]);
  const md = readFileSync(join(repo, '.bug-hunter', 'report.md'), 'utf8');
  assert.match(md, /## Unused suppressions \(1\)/);
  assert.match(md, /bug-hunter-ignore sql-injection in add\.js:1/);
  const log = readJson<SarifLog>(repo, 'report.sarif');
  const notes = log.runs[0]!.invocations[0]!.toolExecutionNotifications ?? [];
  assert.deepEqual(notes.map((n) => [n.level, n.message.text]), [['note', 'Unused suppression: comment bug-hunter-ignore sql-injection in add.js:1 (inline): "the old query builder was unsafe".']]);
  const dir = tempDir(t, 'bh-sarif-');
  writeFileSync(join(dir, 'README'), 'validator work folder\n');
  assertNoProblems(t, validateSarifLogs(dir, { unused: log }).unused);

  // `report list` re-applies today's suppressions to the stored report: the unused comment stays listed.
  const listed = await runCli(['report', 'list', repo]);
  assert.match(listed.stdout, /comment bug-hunter-ignore sql-injection in add\.js:1 \(inline\)/);
  const comment = await runCli(['report', repo, '--format', 'pr-comment']);
  assert.equal(comment.code, 0, comment.stderr);
  assert.match(comment.stdout, /^Unused suppressions \(1\):\n\n- comment bug-hunter-ignore sql-injection in add\.js:1 \(inline\)/m);
});

test('a comment naming another rule than the finding on the next line hides nothing and is unused', async (t) => {
  const repo = gitRepo(t, { 'cat.js': commented('path-traversal') });
  const scan = await runCli(['scan', repo, '--quiet']);
  assert.equal(scan.code, 1, scan.stdout + scan.stderr);
  const report = readJson<ScanReport>(repo, 'scan-report.json');
  assert.equal(report.counts.suppressed, 0);
  assert.deepEqual(inlineUnused(report), [['cat.js:3', 'path-traversal', 'the proxy in front only lets [a-z]+ file names through']]);
  assert.match(scan.stdout, /comment bug-hunter-ignore path-traversal in cat\.js:3 \(inline\)/);
});

test('a comment whose finding was found but set aside (--no-repo-suppressions, added by the change) is not applied, never unused', async (t) => {
  const repo = gitRepo(t, { 'cat.js': commented('command-injection') });
  const ignored = await runCli(['scan', repo, '--no-repo-suppressions', '--quiet']);
  assert.equal(ignored.code, 1, ignored.stdout + ignored.stderr);
  const report = readJson<ScanReport>(repo, 'scan-report.json');
  assert.deepEqual(report.suppressions?.notApplied.map((n) => [n.source, n.where]), [['inline', 'cat.js:3']]);
  assert.deepEqual(report.suppressions?.unused, []);

  const diffRepo = gitRepo(t, { 'README.md': 'service\n' });
  git(diffRepo, 'tag', 'base');
  writeFiles(diffRepo, { 'cat.js': commented('command-injection') });
  git(diffRepo, 'add', '-A');
  git(diffRepo, 'commit', '-q', '-m', 'add cat, and hide it');
  const diff = await runCli(['scan', diffRepo, '--diff', 'base...HEAD', '--quiet']);
  assert.equal(diff.code, 1, diff.stdout + diff.stderr);
  const diffReport = readJson<ScanReport>(diffRepo, 'scan-report.json');
  assert.deepEqual(diffReport.suppressions?.notApplied.map((n) => [n.source, n.where]), [['inline', 'cat.js:3']]);
  assert.deepEqual(diffReport.suppressions?.unused, []);
});

test("triage records a file's reasoned comments with their UTF-8 reasons, and nothing for a file without any", async () => {
  const { analyzeBytes } = await import('../../../src/phases/triage/core.ts');
  const text = ['# bug-hunter-ignore sql-injection: the café table is read-only', '# bug-hunter-ignore exec', 'x = 1', ''].join('\n');
  const marked = analyzeBytes('a.py', 'python', false, Buffer.from(text, 'utf8'));
  assert.equal(marked.kind, 'file');
  assert.deepEqual(marked.kind === 'file' ? marked.facts.ignores : null, [{ line: 1, ruleId: 'sql-injection', reason: 'the café table is read-only' }]);
  const without = analyzeBytes('b.py', 'python', false, Buffer.from('x = 1\n', 'utf8'));
  assert.equal(without.kind === 'file' && 'ignores' in without.facts, false);
});

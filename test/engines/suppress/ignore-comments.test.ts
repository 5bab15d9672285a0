// Block and file ignore comments (bug-hunter-ignore-start … -end, bug-hunter-ignore-file), with the reason they must
// give, and rule settings (--rule, config `rules`): on real git repositories through the CLI (static engine). A
// repository-added comment or rule setting never hides a finding in a diff-aware scan; a severity override is shown.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ScanReport } from '../../../src/artifacts/schemas/scan-report.ts';
import { parseSuppressions, suppressionFor } from '../../../src/engines/static/suppress.ts';
import { runCli } from '../../helpers/cli.ts';
import { git, gitRepo, writeFiles } from '../../helpers/temp.ts';

const VULNERABLE = ["import { exec } from 'node:child_process';", 'export function run(req) {', "  exec('convert ' + req.query.name);", '}', ''];
const withFileComment = (reason: string) => [`// bug-hunter-ignore-file command-injection${reason ? `: ${reason}` : ''}`, ...VULNERABLE].join('\n');
const report = (repo: string): ScanReport => JSON.parse(readFileSync(join(repo, '.bug-hunter', 'scan-report.json'), 'utf8')) as ScanReport;

function commit(repo: string, message: string): void {
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', message);
}

test('a block reaches the lines up to its end (or the file end), a file comment every line; an end closes only its rule', () => {
  const lines = [
    '/* bug-hunter-ignore-start sql-injection: inputs are constants here */',
    'a',
    '// bug-hunter-ignore-end sql-injection',
    'b',
    '# bug-hunter-ignore-start redos: bounded input',
    'c',
    '// bug-hunter-ignore-end command-injection',
    'd',
    '// bug-hunter-ignore-file xss: a static page',
  ];
  const all = parseSuppressions(lines);
  assert.deepEqual(all.map((s) => [s.kind, s.line, s.endLine ?? null, s.ruleId]), [['block', 1, 3, 'sql-injection'], ['block', 5, 9, 'redos'], ['file', 9, null, 'xss']]);
  assert.equal(suppressionFor(all, 'sql-injection', 2)?.line, 1);
  assert.equal(suppressionFor(all, 'sql-injection', 4), null);
  assert.equal(suppressionFor(all, 'redos', 8)?.line, 5, 'an end naming another rule does not close the block');
  assert.equal(suppressionFor(all, 'xss', 1)?.kind, 'file');
  // The words in prose, or a reasonless comment, suppress nothing.
  assert.deepEqual(parseSuppressions(['const s = "use bug-hunter-ignore-file x: y";']), []);
  assert.equal(suppressionFor(parseSuppressions(['// bug-hunter-ignore-file xss']), 'xss', 3), null);
});

test('a file comment hides the finding visibly; without a reason it hides nothing and is reported at its file:line', async (t) => {
  const repo = gitRepo(t, { 'src/run.js': withFileComment('names are checked by the proxy') });
  const scan = await runCli(['scan', repo, '--quiet']);
  assert.equal(scan.code, 0, scan.stdout + scan.stderr);
  assert.match(scan.stdout, /suppressed by an inline comment at src\/run\.js:1: "names are checked by the proxy"/);

  const bare = gitRepo(t, { 'src/run.js': withFileComment('') });
  const unreasoned = await runCli(['scan', bare, '--quiet']);
  assert.equal(unreasoned.code, 1, unreasoned.stdout + unreasoned.stderr);
  const ids = report(bare).findings.map((f) => `${f.finding.ruleId}@${f.finding.file}:${f.finding.startLine}`).sort();
  assert.deepEqual(ids, ['command-injection@src/run.js:4', 'suppression-without-reason@src/run.js:1']);
});

test('diff-aware: an ignore comment the change adds does not hide a finding, even on a line the change did not touch', async (t) => {
  const repo = gitRepo(t, { 'src/run.js': VULNERABLE.join('\n') });
  git(repo, 'tag', 'base');
  writeFiles(repo, { 'src/run.js': withFileComment('names are checked by the proxy') });
  commit(repo, 'hide it');
  const scan = await runCli(['scan', repo, '--diff', 'base...HEAD', '--quiet']);
  assert.equal(scan.code, 1, scan.stdout + scan.stderr);
  assert.match(scan.stdout, /\[T2 high\] src\/run\.js:4 /);
  assert.match(scan.stdout, /comment in src\/run\.js:1 \(inline\): "names are checked by the proxy" — not applied: added by the change under review/);
  assert.equal(report(repo).findings.find((f) => f.finding.ruleId === 'command-injection')?.inDiff, false, 'the finding is on a line the change did not touch');

  // The same comment already at the base is a decision reviewed before: it applies.
  const reviewed = gitRepo(t, { 'src/run.js': withFileComment('names are checked by the proxy'), 'README.md': 'x\n' });
  git(reviewed, 'tag', 'base');
  writeFiles(reviewed, { 'src/run.js': `${withFileComment('names are checked by the proxy')}// touched\n` });
  commit(reviewed, 'touch');
  const again = await runCli(['scan', reviewed, '--diff', 'base...HEAD', '--quiet']);
  assert.equal(again.code, 0, again.stdout + again.stderr);
});

test("rule settings: --rule gives a severity shown as an override; the repository's rule off is listed by source, and set aside when the change adds it or under --no-repo-suppressions", async (t) => {
  const repo = gitRepo(t, { 'src/run.js': VULNERABLE.join('\n') });
  const flagged = await runCli(['scan', repo, '--quiet', '--rule', 'command-injection=low']);
  assert.equal(flagged.code, 1, flagged.stdout + flagged.stderr);
  assert.match(flagged.stdout, /\[T2 low \(override: high → low by --rule\)\] src\/run\.js:3 /);
  assert.match(flagged.stdout, /yours \(--rule\): rules\.command-injection low/);
  const found = report(repo).findings[0]!;
  assert.deepEqual(found.severityOverride, { from: 'high', source: 'flag', where: '--rule' });
  assert.match(readFileSync(join(repo, '.bug-hunter', 'report.md'), 'utf8'), /\*\*Severity:\*\* low \(override: high → low by --rule\)/);
  const show = await runCli(['report', 'show', found.finding.id, repo]);
  assert.match(show.stdout, /Severity override: low \(override: high → low by --rule\)/);

  git(repo, 'tag', 'base');
  // The change turns the rule off and touches the file it would report in.
  writeFiles(repo, { '.bug-hunter/config.json': JSON.stringify({ rules: { 'command-injection': 'off' } }), 'src/run.js': `${VULNERABLE.join('\n')}// reviewed\n` });
  git(repo, 'add', '-f', '.bug-hunter/config.json', 'src/run.js');
  git(repo, 'commit', '-q', '-m', 'turn the rule off');
  const off = await runCli(['scan', repo, '--quiet']);
  assert.equal(off.code, 0, off.stdout + off.stderr);
  assert.match(off.stdout, /the repository's \(.*\.bug-hunter\/config\.json\): rules\.command-injection off/);
  const diff = await runCli(['scan', repo, '--since', 'base', '--quiet']);
  assert.equal(diff.code, 1, diff.stdout + diff.stderr);
  assert.match(diff.stdout, /not applied: rules\.command-injection off from the repository's .* — added or changed by the change under review/);
  const untrusted = await runCli(['scan', repo, '--quiet', '--no-repo-suppressions']);
  assert.equal(untrusted.code, 1, untrusted.stdout + untrusted.stderr);
  assert.match(untrusted.stdout, /not applied: rules\.command-injection off .* — --no-repo-suppressions/);
});

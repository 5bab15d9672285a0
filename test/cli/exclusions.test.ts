// Leaving files out on purpose: the user's --include/--exclude and the repository's .bug-hunterignore, each listed by
// its source; the repository's set aside under --no-repo-suppressions, unable to hide a file scanned code imports,
// and taken from the diff's base in a diff-aware scan (a change cannot exclude its own code from its review).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.ts';
import { git, gitRepo, writeFiles } from '../helpers/temp.ts';

const INJECTION = 'const cp = require("child_process");\nmodule.exports = function run(req) { return cp.exec("ls " + req.query.dir); };\n';
const SAFE = 'exports.ok = 1;\n';

function excluded(repo: string): Record<string, string> {
  const coverage = JSON.parse(readFileSync(join(repo, '.bug-hunter', 'coverage.json'), 'utf8')) as { files: { path: string; status: string; reason?: string }[] };
  return Object.fromEntries(coverage.files.filter((f) => f.reason?.startsWith('excluded')).map((f) => [f.path, `${f.status}: ${f.reason}`]));
}

test('--exclude and --include leave files out as the user asked: listed as excluded (yours), never a coverage gap', async (t) => {
  const repo = gitRepo(t, { 'lib/ok.js': SAFE, 'tools/run.js': INJECTION, 'tools/x.sh': 'echo x\n' });
  const all = await runCli(['scan', repo, '--quiet']);
  assert.equal(all.code, 1, all.stdout);
  const out = await runCli(['scan', repo, '--quiet', '--exclude', 'tools/']);
  assert.equal(out.code, 0, out.stdout);
  assert.match(out.stdout, /Excluded on purpose: 2 by --include\/--exclude \(yours\)/);
  assert.match(out.stdout, /^Clean: /m);
  assert.deepEqual(excluded(repo), { 'tools/run.js': 'skipped: excluded: excluded by --exclude tools/', 'tools/x.sh': 'skipped: excluded: excluded by --exclude tools/' });
  const only = await runCli(['scan', repo, '--quiet', '--include', 'lib/**', '--include', '*.sh']);
  assert.equal(only.code, 0, only.stdout);
  assert.deepEqual(Object.keys(excluded(repo)), ['tools/run.js']);
  assert.equal((await runCli(['scan', repo, '--quiet', '--exclude', '../x'])).code, 2);
});

test(".bug-hunterignore is the repository's word: listed by source, set aside by --no-repo-suppressions, and it cannot hide a file scanned code imports", async (t) => {
  const repo = gitRepo(t, { '.bug-hunterignore': '# tools are not shipped\ntools/\n', 'lib/ok.js': SAFE, 'tools/run.js': INJECTION });
  const r = await runCli(['scan', repo, '--quiet']);
  assert.equal(r.code, 0, r.stdout);
  assert.match(r.stdout, /Excluded on purpose: 1 by the repository's \.bug-hunterignore/);
  assert.deepEqual(excluded(repo), { 'tools/run.js': "skipped: excluded: excluded by the repository's .bug-hunterignore (tools/)" });
  const untrusted = await runCli(['scan', repo, '--quiet', '--no-repo-suppressions']);
  assert.equal(untrusted.code, 1, untrusted.stdout);
  assert.match(untrusted.stdout, /\[T2 high\] tools\/run\.js:2/);
  // Production code requires the ignored file: it is in scope whatever the ignore file says.
  writeFiles(repo, { 'lib/ok.js': 'const run = require("../tools/run.js");\nmodule.exports = run;\n' });
  const imported = await runCli(['scan', repo, '--quiet']);
  assert.equal(imported.code, 1, imported.stdout);
  assert.match(imported.stdout, /\[T2 high\] tools\/run\.js:2/);
});

test('in a diff-aware scan, an ignore rule the change adds does not hide the code the change adds', async (t) => {
  const repo = gitRepo(t, { 'lib/ok.js': SAFE });
  writeFiles(repo, { 'tools/run.js': INJECTION, '.bug-hunterignore': 'tools/\n' });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'add a tool and hide it');
  const diff = await runCli(['scan', repo, '--quiet', '--since', 'HEAD~1']);
  assert.equal(diff.code, 1, diff.stdout);
  assert.match(diff.stdout, /\[T2 high\] tools\/run\.js:2/);
  // Once merged, a later full scan takes the repository's word (listed by source).
  const full = await runCli(['scan', repo, '--quiet']);
  assert.equal(full.code, 0, full.stdout);
  assert.match(full.stdout, /Excluded on purpose: 1 by the repository's \.bug-hunterignore/);
});

test("in a diff-aware scan, a .bug-hunterignore the change removes stays in force as at the diff's base", async (t) => {
  const repo = gitRepo(t, { '.bug-hunterignore': 'tools/\n', 'lib/ok.js': SAFE, 'tools/run.js': SAFE });
  writeFiles(repo, { 'tools/run.js': INJECTION });
  git(repo, 'rm', '-q', '.bug-hunterignore');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'drop the ignore file and change the tool');
  const diff = await runCli(['scan', repo, '--quiet', '--since', 'HEAD~1']);
  assert.equal(diff.code, 0, diff.stdout);
  assert.match(diff.stdout, /Excluded on purpose: 1 by the repository's \.bug-hunterignore/);
  assert.deepEqual(excluded(repo), { 'tools/run.js': "skipped: excluded: excluded by the repository's .bug-hunterignore (tools/)" });
  // A full scan of the head has no ignore file: the tool is read and its bug reported.
  const full = await runCli(['scan', repo, '--quiet']);
  assert.equal(full.code, 1, full.stdout);
  assert.match(full.stdout, /\[T2 high\] tools\/run\.js:2/);
  // The same removal staged and not yet committed: HEAD's file stays in force for the staged change's review.
  const staged = gitRepo(t, { '.bug-hunterignore': 'tools/\n', 'lib/ok.js': SAFE, 'tools/run.js': SAFE });
  writeFiles(staged, { 'tools/run.js': INJECTION });
  git(staged, 'rm', '-q', '.bug-hunterignore');
  git(staged, 'add', '-A');
  const pre = await runCli(['scan', staged, '--quiet', '--staged']);
  assert.equal(pre.code, 0, pre.stdout);
  assert.match(pre.stdout, /Excluded on purpose: 1 by the repository's \.bug-hunterignore/);
});

// The exit code and its one-line reason on the real CLI: nothing checked, files without a scanner, dist/-only
// packages and targets an enclosing repository ignores never exit 0 unless --allow-uncovered says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runCli, spawnCli } from '../helpers/cli.ts';
import { git, gitRepo, tempDir, writeFiles } from '../helpers/temp.ts';

const INJECTION = 'const cp = require("child_process");\nmodule.exports = function run(req) { return cp.exec("ls " + req.query.dir); };\n';

test('an empty folder exits 3 (the process exit code) with the reason, and 0 only with --allow-uncovered', async (t) => {
  const dir = tempDir(t);
  const r = await spawnCli(['scan', dir, '--quiet']);
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stdout, /exit 3: nothing was checked: the folder has no files; pass --allow-uncovered to exit 0 anyway/);
  const allowed = await runCli(['scan', dir, '--quiet', '--allow-uncovered']);
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.match(allowed.stdout, /exit 0: .*nothing was checked \(--allow-uncovered\)/);
});

test('a Python-only project without a model exits 3 naming the file left without a scanner', async (t) => {
  const dir = tempDir(t);
  writeFiles(dir, { 'app.py': 'import os\ndef run(cmd):\n    os.system(cmd)\n' });
  const r = await runCli(['scan', dir, '--quiet']);
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stdout, /exit 3: 1 of 1 in-scope file not checked \(app\.py: the static engine has no rules for python/);
});

test('a package whose code is all in dist/ exits 3 pointing at --include-generated, which scans it', async (t) => {
  const dir = tempDir(t);
  // No package entry points into dist/ (those folders triage scans anyway): only the flag brings it in.
  writeFiles(dir, { 'package.json': '{"name":"d"}', 'dist/index.js': INJECTION });
  const r = await runCli(['scan', dir, '--quiet']);
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stdout, /nothing was checked: no source file in scope \(2 files skipped: 1 generated, 1 not-source\); --include-generated/);
  const included = await runCli(['scan', dir, '--quiet', '--include-generated']);
  assert.equal(included.code, 1, included.stdout);
  assert.match(included.stdout, /\[T2 critical\] dist\/index\.js:2/);
});

test('a target an enclosing repository ignores says which .gitignore, and --no-gitignore scans it', async (t) => {
  const repo = gitRepo(t, { '.gitignore': 'cache/\n', 'README.md': 'x' });
  const pkg = join(repo, 'cache', 'pkg');
  writeFiles(pkg, { 'lib/a.js': INJECTION, 'lib/b.js': 'exports.b = 1;\n' });
  assert.equal(git(pkg, 'ls-files', '--others', '--exclude-standard', '--', '.'), '', 'git itself lists nothing there');
  const r = await runCli(['scan', pkg, '--quiet']);
  assert.equal(r.code, 3, r.stderr);
  assert.ok(r.stdout.includes(`nothing was checked: all 2 files are ignored by ${join(repo, '.gitignore')} of the enclosing repository (pass --no-gitignore to scan them)`), r.stdout);
  const all = await runCli(['scan', pkg, '--quiet', '--no-gitignore']);
  assert.equal(all.code, 1, all.stdout);
  assert.match(all.stdout, /Files: 2\/2 scanned/);
});

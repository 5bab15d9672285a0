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

test('a Python-only project without a model read nothing: exit 3 naming the file by language', async (t) => {
  const dir = tempDir(t);
  writeFiles(dir, { 'app.py': 'import os\ndef run(cmd):\n    os.system(cmd)\n' });
  const r = await runCli(['scan', dir, '--quiet']);
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stdout, /exit 3: nothing was read: no configured engine reads the 1 in-scope file \(python 1 \(app\.py\)\); configure a model/);
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

test('a shell script beside JavaScript is listed by language and does not make the run exit 3; --require-coverage makes it count', async (t) => {
  const repo = gitRepo(t, { 'index.js': INJECTION, 'scripts/build.sh': '#!/bin/sh\necho build\n', 'lib/ok.js': 'exports.ok = 1;\n' });
  const r = await runCli(['scan', repo, '--quiet']);
  assert.equal(r.code, 1, r.stdout);
  assert.match(r.stdout, /Not read \(no configured engine reads the language\): 1 file — shell 1 \(scripts\/build\.sh\)/);
  assert.match(r.stdout, /Not clean: .*1 of 3 in-scope files not covered/);
  assert.doesNotMatch(r.stdout, /^Clean/m);
  const quiet = gitRepo(t, { 'lib/ok.js': 'exports.ok = 1;\n', 'run.sh': '#!/bin/sh\necho hi\n' });
  const ok = await runCli(['scan', quiet, '--quiet']);
  assert.equal(ok.code, 0, ok.stdout);
  assert.match(ok.stdout, /exit 0: .*1 file in a language no configured engine reads listed, not counted \(shell 1 \(run\.sh\); --require-coverage counts them\)/);
  assert.doesNotMatch(ok.stdout, /^Clean/m);
  const required = await runCli(['scan', quiet, '--quiet', '--require-coverage']);
  assert.equal(required.code, 3, required.stdout);
  assert.match(required.stdout, /exit 3: 1 of 2 in-scope files in a language no configured engine reads \(shell 1 \(run\.sh\); --require-coverage\)/);
  const both = await runCli(['scan', quiet, '--quiet', '--require-coverage', '--allow-uncovered']);
  assert.equal(both.code, 2, both.stderr);
});

test('a JavaScript file over the size limit is not read: exit 3 naming --max-file-bytes first, which reads it', async (t) => {
  // Over 1 MiB of plain code lines (not minified): a file the static engine reads, but for its size.
  const big = `${INJECTION}${'exports.n = 1;\n'.repeat(80_000)}`;
  const repo = gitRepo(t, { 'lib/ok.js': 'exports.ok = 1;\n', 'lib/big.js': big });
  const r = await runCli(['scan', repo, '--quiet']);
  assert.equal(r.code, 3, r.stdout);
  assert.match(r.stdout, /Not covered \(in scope, not read\): 1 file\(s\), e.g\. lib\/big\.js/);
  assert.match(r.stdout, new RegExp(`exit 3: the run is incomplete: 1 in-scope file not read \\(lib/big\\.js: .*\\); to read it, raise the size limit: --max-file-bytes ${big.length}; to leave it out on purpose`));
  assert.doesNotMatch(r.stdout, /^Clean/m);
  const read = await runCli(['scan', repo, '--quiet', '--max-file-bytes', String(big.length)]);
  assert.equal(read.code, 1, read.stdout);
  assert.match(read.stdout, /\[T2 critical\] lib\/big\.js:2/);
});

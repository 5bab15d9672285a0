// Dependencies reach the fixer's sandbox the way they reach the developer (issue 45, item 1; the source-map 0.2.0
// case): the package's suite needs a dependency installed only in its gitignored node_modules, which the fixer's
// fresh worktree does not have. `work` binds the main tree's read-only: with a scripted fixer that fixes the bug it
// opens a draft pull request (the suite ran green, not "Cannot find package"); with --deps off the suite cannot load;
// with a fixer that cannot fix, the issue stays open (auto-failed) and a second publish changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { describeBackends } from '../../../src/engines/sandbox/select.ts';
import { assertAvailable, skipWithout } from '../../helpers/ci-skip.ts';
import { tempDir, writeFiles } from '../../helpers/temp.ts';
import { GOOD, git } from '../../engines/fix/helpers.ts';
import { liveWorld } from './live-world.ts';
import { queueWorld } from './queue-setup.ts';

const bwrapWorks = describeBackends({ backend: 'bwrap' }).find((r) => r.name === 'bwrap')?.available === true;
const skip = skipWithout(bwrapWorks, 'bubblewrap');

// The suite's test of the dependency: it must load and answer, as amdefine does for source-map's suite.
const DEP_TEST = "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport define from 'tiny-amd-bh';\n\ntest('the installed dependency answers', () => assert.equal(define(), 'amd-ok'));\n";

/** Installs a tiny local package into `repo`'s node_modules the way npm does (a packed tarball, offline, no scripts). */
function installTinyPackage(t: Parameters<typeof tempDir>[0], repo: string): void {
  const pkg = tempDir(t, 'bh-tiny-amd-');
  writeFiles(pkg, { 'package.json': JSON.stringify({ name: 'tiny-amd-bh', version: '1.0.0', main: 'index.js' }), 'index.js': "module.exports = () => 'amd-ok';\n" });
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: pkg, npm_config_cache: join(pkg, '.npm'), npm_config_offline: 'true', npm_config_userconfig: join(pkg, 'none.npmrc') };
  const tgz = execFileSync('npm', ['pack', '--silent'], { cwd: pkg, env, encoding: 'utf8' }).trim().split('\n').at(-1)!;
  execFileSync('npm', ['install', '--no-save', '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', join(pkg, tgz)], { cwd: repo, env, stdio: 'pipe' });
}

test('work on a package whose suite needs a gitignored node_modules: the fix is proven with the installed dependency and opens a draft pull request; --deps off cannot load the suite', { skip }, async (t) => {
  assertAvailable(bwrapWorks, 'bubblewrap');
  const w = await queueWorld(t, [GOOD], { files: { '.gitignore': 'node_modules/\n', 'test/dep.test.js': DEP_TEST } });
  installTinyPackage(t, w.repo);
  assert.equal(git(w.repo, 'status', '--porcelain'), '', 'node_modules is installed and ignored');

  const issue = w.queueIssue();
  const blind = await w.work('--deps', 'off');
  assert.equal(blind.code, 0, blind.stderr + blind.stdout);
  const setup = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.deepEqual([setup.outcome, setup.failure], ['failed', 'setup'], setup.reason);
  assert.match(setup.reason, /tiny-amd-bh/);

  const r = await w.work();
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.equal(entry.outcome, 'pr-opened', `${entry.reason}\n${JSON.stringify(entry.suiteRuns ?? [])}`);
  assert.equal(entry.proof!.after.outcome, 'passed');
  assert.ok((entry.suiteRuns ?? []).every((run) => !/Cannot find (package|module)/.test(run.output)), JSON.stringify(entry.suiteRuns));
  assert.equal(w.github.pulls.length, 1);
  assert.equal(w.github.pulls[0]!.draft, true);
  assert.ok(issue.labels.includes('auto-pr-ready'), issue.labels.join(', '));
  assert.equal(git(w.repo, 'status', '--porcelain'), '', "the user's tree, node_modules included, is untouched");
});

test('work with a fixer that cannot fix, on a package whose suite needs its gitignored node_modules: the issue stays open, auto-failed, and a second publish changes nothing', { skip }, async (t) => {
  assertAvailable(bwrapWorks, 'bubblewrap');
  const w = await liveWorld(t, { edits: [], explanation: 'Nothing to change: the directory is checked upstream.' });
  w.commit({ '.gitignore': 'node_modules/\n', 'package.json': JSON.stringify({ name: 'live', version: '1.0.0', type: 'module', scripts: { test: 'node --test test/' } }), 'test/dep.test.js': DEP_TEST }, 'a suite that needs an installed dependency');
  installTinyPackage(t, w.repo);
  assert.equal((await w.scan()).code, 1);
  assert.equal((await w.publish()).code, 0);
  const issue = w.issue();
  const r = await w.work();
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.equal(entry.outcome, 'failed', entry.reason);
  assert.equal(entry.failure, 'spec', entry.reason);
  assert.equal(issue.state, 'open');
  assert.ok(issue.labels.includes('auto-failed'), issue.labels.join(', '));
  const writes = w.github.writes().length;
  const again = await w.publish();
  assert.equal(again.code, 0, again.stderr);
  assert.equal(w.github.writes().length, writes, again.stdout);
});

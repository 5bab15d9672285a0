// The fixer on the moved head with --auto-commit, the queue's halt, no fixer model, a subfolder target (split from
// fixer.test.ts so the two halves run side by side).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ProviderError } from '../../../src/foundations/errors.ts';
import { runFixPlan } from '../../../src/phases/fix-plan/index.ts';
import { runFixer } from '../../../src/phases/fixer/index.ts';
import { bwrap } from '../../engines/sandbox/helpers.ts';
import { clampRepo, fixContext, git, GOOD, outWith, scriptedProposer } from '../../engines/fix/helpers.ts';
import { fixWith, ID, workTree } from './fix-with.ts';
import { ZERO_RUN, finding, identity, reported, scanReport } from '../../helpers/builders.ts';

test('--auto-commit re-proves on the moved head and commits only to a new branch', async () => {
  const r = await fixWith([[GOOD]], { autoCommit: true, moveHead: true });
  try {
    const fix = r.report.fixes[0]!;
    assert.equal(fix.status, 'fixed-proven', JSON.stringify(fix.attempts));
    assert.match(fix.after.join('\n'), /head [0-9a-f]{12}: repro .*: PASS/);
    assert.equal(r.report.branch, 'bug-hunter/fix-run-test-1');
    assert.equal(git(r.repo.dir, 'rev-parse', '--abbrev-ref', 'HEAD'), 'main', 'current branch unchanged');
    assert.equal(git(r.repo.dir, 'status', '--porcelain'), '', 'git status clean');
    assert.equal(workTree(r.repo.dir), r.workBefore, 'working tree byte-identical (only .git gained a branch)');
    assert.match(git(r.repo.dir, 'show', 'bug-hunter/fix-run-test-1:src/clamp.js'), /if \(x > hi\) return hi;/);
    assert.equal(git(r.repo.dir, 'rev-parse', 'bug-hunter/fix-run-test-1^'), git(r.repo.dir, 'rev-parse', 'main'), 'branched from the current head');
    assert.deepEqual(r.report.leftWorktrees, []);
    assert.equal(git(r.repo.dir, 'worktree', 'list').split('\n').length, 1);
  } finally {
    r.cleanup();
  }
});

test('three consecutive systemic failures halt the queue; the rest is skipped, and report.md gains a fixes section', async () => {
  const repo = clampRepo();
  const run = identity({ ...ZERO_RUN, repoRoot: repo.dir, baseCommit: repo.base });
  const other = finding('BH-0000d0b1', { startLine: 8, symbol: 'double', claim: 'double is wrong', evidence: [{ file: 'src/clamp.js', startLine: 8, endLine: 8, quote: 'return x * 2;' }] });
  const out = outWith(scanReport(run, [reported(finding(ID)), reported(other)]), [ID]);
  writeFileSync(join(out.outDir, 'report.md'), '# Report\n\nfindings…\n');
  const ctx = fixContext(repo.dir, out.outDir, run);
  try {
    await runFixPlan(ctx);
    const down = { failures: [] as unknown[], async propose(): Promise<never> { throw new ProviderError('server said 503', 'server', true, { status: 503 }); } };
    const report = await runFixer(ctx, { proposer: down, backend: bwrap() });
    const byId = new Map(report.fixes.map((f) => [f.findingId, f]));
    const first = [...byId.values()].find((f) => f.attempts.length === 3)!;
    assert.deepEqual(first.attempts.map((a) => a.outcome), ['systemic', 'systemic', 'systemic']);
    assert.equal(first.status, 'rolled-back');
    assert.match(report.halted ?? '', /3 consecutive systemic failures/);
    assert.deepEqual(report.fixes.filter((f) => f.status === 'skipped').length, 1, 'the second cluster was not attempted');
    const md = readFileSync(join(out.outDir, 'report.md'), 'utf8');
    assert.match(md, /^# Report\n\nfindings…\n\n## Fixes\n/);
    assert.match(md, /\*\*Halted:\*\* halted after 3 consecutive systemic failures/);
    await runFixer(ctx, { proposer: down, backend: bwrap() }).catch(() => undefined);
    assert.equal(readFileSync(join(out.outDir, 'report.md'), 'utf8').split('## Fixes').length, 2, 'the section is replaced, not duplicated');
  } finally {
    repo.cleanup();
    out.cleanup();
  }
});

test('without a fixer model nothing is attempted: every finding is skipped with the reason, no worktree is made', async () => {
  const repo = clampRepo();
  const run = identity({ ...ZERO_RUN, repoRoot: repo.dir, baseCommit: repo.base });
  const out = outWith(scanReport(run, [reported(finding(ID))]), [ID]);
  const ctx = fixContext(repo.dir, out.outDir, run);
  try {
    await runFixPlan(ctx);
    const report = await runFixer(ctx, { backend: bwrap() });
    assert.deepEqual(report.fixes.map((f) => [f.status, f.attempts[0]?.reason]), [['skipped', "skipped: no model is configured for the 'fixer' role (see 'bug-hunter init')"]]);
    assert.equal(git(repo.dir, 'worktree', 'list').split('\n').length, 1);
  } finally {
    repo.cleanup();
    out.cleanup();
  }
});

test('a target that is a subfolder of the repository is fixed inside the same subfolder of the worktree', async () => {
  const repo = clampRepo();
  const sub = join(repo.dir, 'pkg');
  mkdirSync(sub);
  git(repo.dir, 'mv', 'src', 'test', 'package.json', 'pkg');
  git(repo.dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'move');
  const run = identity({ ...ZERO_RUN, repoRoot: sub, baseCommit: git(repo.dir, 'rev-parse', 'HEAD') });
  const out = outWith(scanReport(run, [reported(finding(ID))]), [ID]);
  const ctx = fixContext(sub, out.outDir, run, { autoCommit: true });
  try {
    await runFixPlan(ctx);
    const report = await runFixer(ctx, { proposer: scriptedProposer([[GOOD]]), backend: bwrap() });
    assert.equal(report.fixes[0]?.status, 'fixed-proven', JSON.stringify(report.fixes[0]?.attempts));
    assert.match(git(repo.dir, 'show', `${report.branch}:pkg/src/clamp.js`), /return hi;/);
    assert.equal(git(repo.dir, 'status', '--porcelain'), '');
  } finally {
    repo.cleanup();
    out.cleanup();
  }
});

// The fixer tests' run: the clamp repository with one confirmed, reproduced finding, the fix plan, then the fixer
// with the scripted proposer in the real bwrap sandbox; what the user's tree looked like before it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runFixPlan } from '../../../src/phases/fix-plan/index.ts';
import { runFixer } from '../../../src/phases/fixer/index.ts';
import { bwrap, hashTree } from '../../engines/sandbox/helpers.ts';
import { clampRepo, fixContext, git, outWith, scriptedProposer } from '../../engines/fix/helpers.ts';
import { ZERO_RUN, finding, identity, reported, scanReport } from '../../helpers/builders.ts';

export const ID = 'BH-0000c1a9';
// Everything outside .git: with --auto-commit only .git may change (a new branch).
export const workTree = (dir: string) => [hashTree(join(dir, 'src')), hashTree(join(dir, 'test')), readFileSync(join(dir, 'package.json'), 'utf8')].join();

export async function fixWith(scripts: Parameters<typeof scriptedProposer>[0], options: { autoCommit?: boolean; moveHead?: boolean } = {}) {
  const repo = clampRepo();
  const run = identity({ ...ZERO_RUN, repoRoot: repo.dir, baseCommit: repo.base });
  const out = outWith(scanReport(run, [reported(finding(ID))]), [ID]);
  const ctx = fixContext(repo.dir, out.outDir, run, options.autoCommit ? { autoCommit: true } : {});
  await runFixPlan(ctx);
  if (options.moveHead) {
    writeFileSync(join(repo.dir, 'NOTES.md'), 'later work\n');
    git(repo.dir, 'add', 'NOTES.md');
    git(repo.dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'later');
  }
  const treeBefore = hashTree(repo.dir);
  const workBefore = workTree(repo.dir);
  const statusBefore = git(repo.dir, 'status', '--porcelain');
  const proposer = scriptedProposer(scripts);
  const report = await runFixer(ctx, { proposer, backend: bwrap() });
  return { repo, out, ctx, report, proposer, treeBefore, workBefore, statusBefore, cleanup: () => (repo.cleanup(), out.cleanup()) };
}

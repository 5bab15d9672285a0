// The first scan writes .bug-hunter/.gitignore: run artifacts stay out of git, suppressions.json and config.json can be
// committed; a .gitignore the user already has is never overwritten. Real git decides what is ignored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureOutDirGitignore, OUTDIR_GITIGNORE } from '../../../src/engines/run/outdir-gitignore.ts';
import { spawnCli } from '../../helpers/cli.ts';
import { buggyProject } from '../../helpers/project.ts';
import { git, gitRepo, tempDir } from '../../helpers/temp.ts';

test('the first scan writes .bug-hunter/.gitignore; git then ignores run artifacts but not suppressions.json or config.json', async (t) => {
  const repo = gitRepo(t, buggyProject(1));
  const scan = await spawnCli(['scan', repo]);
  assert.equal(scan.code, 1, scan.stderr);
  assert.equal(readFileSync(join(repo, '.bug-hunter', '.gitignore'), 'utf8'), OUTDIR_GITIGNORE);
  writeFileSync(join(repo, '.bug-hunter', 'suppressions.json'), '{}\n');
  writeFileSync(join(repo, '.bug-hunter', 'config.json'), '{}\n');
  const untracked = git(repo, 'status', '--porcelain', '--untracked-files=all').split('\n').filter(Boolean).map((l) => l.slice(3)).sort();
  assert.deepEqual(untracked, ['.bug-hunter/.gitignore', '.bug-hunter/config.json', '.bug-hunter/suppressions.json']);
  // The scan's own artifacts are ignored by that file.
  assert.match(git(repo, 'check-ignore', '.bug-hunter/scan-report.json', '.bug-hunter/state.json', '.bug-hunter/report.sarif'), /scan-report\.json[\s\S]*state\.json[\s\S]*report\.sarif/);
});

test("a .gitignore the user already has in .bug-hunter/ is left exactly as it was, by a scan too", async (t) => {
  const repo = gitRepo(t, buggyProject(1));
  mkdirSync(join(repo, '.bug-hunter'), { recursive: true });
  const mine = '# ours\nstate.json\n';
  writeFileSync(join(repo, '.bug-hunter', '.gitignore'), mine);
  assert.equal(ensureOutDirGitignore(join(repo, '.bug-hunter')), false);
  const scan = await spawnCli(['scan', repo, '--quiet']);
  assert.equal(scan.code, 1, scan.stderr);
  assert.equal(readFileSync(join(repo, '.bug-hunter', '.gitignore'), 'utf8'), mine);
  // A run written elsewhere (--out) gets no .gitignore of ours.
  const elsewhere = join(tempDir(t, 'bh-out-'), 'ci-out');
  assert.equal((await spawnCli(['scan', repo, '--quiet', '--out', elsewhere])).code, 1);
  assert.equal(existsSync(join(elsewhere, '.gitignore')), false);
});

// git runs with the scanned repository's executable settings neutralised: fsmonitor, filter drivers, hooks,
// external diff. And no file but src/engines/git/run.ts spawns git, so no call can forget it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runGit } from '../../src/engines/git/worktree.ts';
import { spawnCli } from '../helpers/cli.ts';
import { BUGGY_FILE, canary, hostileRepo } from './hostile.ts';

function hostileGit(t: Parameters<typeof hostileRepo>[0]) {
  const marks = canary(t);
  const repo = hostileRepo(t, {
    files: { 'src/run.js': BUGGY_FILE },
    gitattributes: ['* filter=evil diff=evil'],
    gitConfig: [
      '[core]',
      `\tfsmonitor = "touch ${marks.file('fsmonitor')}; false"`,
      `\thooksPath = ${marks.dir}`,
      '[filter "evil"]',
      `\tclean = "touch ${marks.file('filter')}; cat"`,
      `\tsmudge = "touch ${marks.file('smudge')}; cat"`,
      '[diff "evil"]',
      `\ttextconv = "touch ${marks.file('textconv')}; cat"`,
      '[diff]',
      `\texternal = "touch ${marks.file('external')}"`,
    ],
  });
  return { marks, repo };
}

test('a plain scan never runs the fsmonitor or filter commands of the target .git/config', async (t) => {
  const { marks, repo } = hostileGit(t);
  const scan = await spawnCli(['scan', repo, '--quiet']);
  assert.equal(scan.code, 1, scan.stderr);
  assert.deepEqual(marks.hits(), []);
});

test('the fixer git commands (status, add, reset, worktree) run none of them either', async (t) => {
  const { marks, repo } = hostileGit(t);
  execFileSync('sh', ['-c', 'echo changed >> src/run.js'], { cwd: repo });
  runGit(repo, ['status', '--porcelain']);
  runGit(repo, ['add', '-A']);
  runGit(repo, ['diff', '--cached']);
  runGit(repo, ['reset', '--hard', '--quiet', 'HEAD']);
  assert.deepEqual(marks.hits(), []);
  // Plain git in the same repository does run them: the settings above are live.
  execFileSync('sh', ['-c', 'echo changed >> src/run.js && git status --porcelain >/dev/null'], { cwd: repo });
  assert.ok(marks.hits().includes('fsmonitor'), `plain git ran: ${marks.hits().join(', ')}`);
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

test('no source file but src/engines/git/run.ts spawns git', () => {
  const root = join(import.meta.dirname, '../../src');
  const spawnsGit = /\b(execFileSync|execFile|spawnSync|spawn|execSync|exec|execa|\$)\s*\(\s*['"`]git['"`]/;
  const offenders = sourceFiles(root).filter((file) => !file.endsWith(join('git', 'run.ts')) && spawnsGit.test(readFileSync(file, 'utf8')));
  assert.deepEqual(offenders, []);
  assert.match(readFileSync(join(root, 'engines', 'git', 'run.ts'), 'utf8'), spawnsGit, 'the pattern finds a spawn of git');
});

// The changed files of a resolved diff, with their changed lines, from git (run through src/engines/git/run.ts).
// --since: the working tree against the commit, untracked files included; --diff: from..to; --staged: the index against HEAD.
import { gitOrThrow } from '../git/run.ts';
import { PhaseError } from '../../foundations/errors.ts';
import { parseChangedLines, parseNameStatus, type ChangedFile } from './diff-parse.ts';
import type { DiffScope } from './spec.ts';
import { compareText } from '../../foundations/text/compare.ts';

// Paths relative to the target (a subfolder of a repository diffs only itself); renames followed.
const COMMON = ['--relative', '-M', '--no-color'];

function revisions(scope: DiffScope): string[] {
  if (scope.mode === 'staged') return scope.from ? ['--cached', scope.from] : ['--cached'];
  if (scope.mode === 'diff') return [scope.from!, scope.to!];
  return [scope.from!];
}

function git(target: string, args: string[]): string {
  return gitOrThrow(target, args, PhaseError);
}

/** Every changed path (sorted), with status, rename source and changed line ranges of the new version. */
export function changedFiles(target: string, scope: DiffScope): ChangedFile[] {
  const revs = revisions(scope);
  const names = parseNameStatus(git(target, ['diff', '--name-status', '-z', ...COMMON, ...revs, '--']));
  const lines = parseChangedLines(git(target, ['diff', '-U0', '--src-prefix=a/', '--dst-prefix=b/', ...COMMON, ...revs, '--']));
  const files: ChangedFile[] = names.map((n) => ({ ...n, lines: n.status === 'deleted' ? [] : (lines.get(n.path) ?? []) }));
  if (scope.mode === 'since') {
    // New files nobody added yet are changes too; every line of them is new.
    const known = new Set(files.map((f) => f.path));
    for (const path of git(target, ['ls-files', '-z', '--others', '--exclude-standard', '--', '.']).split('\0')) {
      // bug-hunter's own artifact folder is never part of the change.
      if (path && !known.has(path) && !path.startsWith('.bug-hunter/')) files.push({ path, status: 'added', lines: [] });
    }
  }
  return files.sort((a, b) => compareText(a.path, b.path));
}

// I/O: the rules that leave files out of this run on purpose (src/engines/scope/exclusions.ts decides): the user's
// --include/--exclude, and the repository's .bug-hunterignore read from the working tree — or, in a diff-aware scan,
// from the diff's base commit (a change never excludes its own code from its review), and not at all under
// --no-repo-suppressions. A link, a folder or an oversized file in its place is no ignore file.
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitOrNull } from '../../engines/git/run.ts';
import { exclusionTest, IGNORE_FILE, type ExclusionTest } from '../../engines/scope/exclusions.ts';
import type { PhaseContext } from '../../phase-kit/types.ts';

const MAX_IGNORE_BYTES = 256 * 1024;

export interface RunExclusions {
  test: ExclusionTest | undefined;
  /** Why the repository's ignore file was not used as the working tree has it, for the log. */
  note?: string;
}

export function runExclusions(ctx: PhaseContext): RunExclusions {
  const user = {
    ...(ctx.scope.include ? { include: ctx.scope.include } : {}),
    ...(ctx.scope.exclude ? { exclude: ctx.scope.exclude } : {}),
    // The repository config's globs, already as they apply (none under --no-repo-suppressions; the base's in a diff).
    ...(ctx.scope.repositoryInclude ? { repositoryInclude: ctx.scope.repositoryInclude } : {}),
    ...(ctx.scope.repositoryExclude ? { repositoryExclude: ctx.scope.repositoryExclude } : {}),
  };
  const here = readWorkingIgnore(ctx.target);
  if (ctx.options.noRepoSuppressions) {
    return { test: exclusionTest(user), ...(here !== undefined ? { note: `${IGNORE_FILE} set aside (--no-repo-suppressions)` } : {}) };
  }
  const diff = ctx.scope.diff;
  if (diff) {
    const atBase = diff.from ? gitOrNull(ctx.target, ['show', `${diff.from}:./${IGNORE_FILE}`]) : null;
    const changed = (atBase ?? undefined) !== here;
    return { test: exclusionTest({ ...user, ...(atBase ? { repositoryIgnore: atBase } : {}) }), ...(changed ? { note: `${IGNORE_FILE} as at the diff's base ${diff.from?.slice(0, 12) ?? '(no commit)'}: the change under review edits it` } : {}) };
  }
  return { test: exclusionTest({ ...user, ...(here !== undefined ? { repositoryIgnore: here } : {}) }) };
}

function readWorkingIgnore(target: string): string | undefined {
  const path = join(target, IGNORE_FILE);
  try {
    const st = lstatSync(path);
    if (!st.isFile() || st.size > MAX_IGNORE_BYTES) return undefined;
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

// What is left out of a scan on purpose, and by whom: the user's --include/--exclude globs, and the repository's
// .bug-hunterignore (gitignore syntax). Pure: the caller reads the ignore file. A repository exclusion is the
// repository's word, so it is listed by its source, set aside under --no-repo-suppressions, and (in a diff-aware
// scan) taken from the diff's base, never from the change under review.
import ignore, { type Ignore } from 'ignore';

/** The repository's ignore file, at the root of the scanned folder. */
export const IGNORE_FILE = '.bug-hunterignore';

export interface ExclusionRules {
  /** --include <glob> (repeatable): when given, only matching files are in scope. */
  include?: readonly string[];
  /** --exclude <glob> (repeatable). */
  exclude?: readonly string[];
  /** The text of .bug-hunterignore as it applies to this run (undefined: none, or set aside). */
  repositoryIgnore?: string;
  /** The repository config's include and exclude globs as they apply to this run (src/engines/config/scan-settings.ts). */
  repositoryInclude?: readonly string[];
  repositoryExclude?: readonly string[];
}

/** Why a file is left out, and whose word that is; null when it stays. */
export interface Exclusion {
  source: 'user' | 'repository';
  detail: string;
}

export type ExclusionTest = (path: string) => Exclusion | null;

// gitignore patterns match a trailing "/" as a folder; a glob without one matches a file or a folder.
function matcher(patterns: readonly string[] | string): Ignore {
  return ignore({ allowRelativePaths: true }).add(patterns);
}

/** A test for listed paths (repository-relative, "/"-separated), or undefined when no rule is set. */
export function exclusionTest(rules: ExclusionRules): ExclusionTest | undefined {
  const include = rules.include?.length ? matcher(rules.include) : undefined;
  const exclude = rules.exclude?.length ? matcher(rules.exclude) : undefined;
  const repository = rules.repositoryIgnore?.trim() ? matcher(rules.repositoryIgnore) : undefined;
  const repoInclude = rules.repositoryInclude?.length ? matcher(rules.repositoryInclude) : undefined;
  const repoExclude = rules.repositoryExclude?.length ? matcher(rules.repositoryExclude) : undefined;
  if (!include && !exclude && !repository && !repoInclude && !repoExclude) return undefined;
  return (path) => {
    if (include && !include.ignores(path)) return { source: 'user', detail: `not matched by --include ${rules.include!.join(' ')}` };
    if (exclude) {
      const hit = exclude.test(path);
      if (hit.ignored) return { source: 'user', detail: `excluded by --exclude ${hit.rule?.pattern ?? rules.exclude!.join(' ')}` };
    }
    if (repository) {
      const hit = repository.test(path);
      if (hit.ignored) return { source: 'repository', detail: `excluded by the repository's ${IGNORE_FILE} (${hit.rule?.pattern ?? 'a rule'})` };
    }
    if (repoInclude && !repoInclude.ignores(path)) return { source: 'repository', detail: `not matched by the repository's config include ${rules.repositoryInclude!.join(' ')}` };
    if (repoExclude) {
      const hit = repoExclude.test(path);
      if (hit.ignored) return { source: 'repository', detail: `excluded by the repository's config exclude ${hit.rule?.pattern ?? rules.repositoryExclude!.join(' ')}` };
    }
    return null;
  };
}

/** Checks globs as the user gave them: non-empty, repository-relative. Returns the message for a bad one, or null. */
export function badGlob(glob: string): string | null {
  if (glob.trim() === '') return 'an empty glob matches nothing';
  if (glob.startsWith('/') && !glob.startsWith('//')) return null; // "/x" anchors at the root, as in .gitignore
  if (/^[A-Za-z]:[\\/]/.test(glob) || glob.startsWith('../')) return 'globs are relative to the scanned folder';
  return null;
}

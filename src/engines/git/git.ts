// Thin, read-only git queries. Every function answers "not a git repository" with null, never throws for it.
import { gitAsync, gitOrNull as git } from './run.ts';

/** The repository's top-level folder, or null outside git. */
export function gitTopLevel(dir: string): string | null {
  return git(dir, ['rev-parse', '--show-toplevel'])?.trim() || null;
}

/** HEAD's commit, or null outside git or before the first commit. */
export function headCommit(dir: string): string | null {
  const out = git(dir, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
  return out?.trim() || null;
}

/** Files git tracks plus untracked files it does not ignore, relative to dir (POSIX); null outside git. */
export function gitListFiles(dir: string): string[] | null {
  const out = git(dir, ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '.']);
  if (out === null) return null;
  return [...new Set(out.split('\0').filter(Boolean))];
}

/** Untracked paths .gitignore (or info/exclude) leaves out, relative to dir; an ignored folder appears once with a trailing slash. Null outside git. */
export async function gitListIgnored(dir: string): Promise<string[] | null> {
  const out = await gitAsync(dir, ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--directory', '--', '.']);
  if (out === null) return null;
  return out.split('\0').filter(Boolean);
}

/** `git check-ignore -v` for one path (relative to dir): "source:line:pattern", or null when not ignored or outside git. */
export function gitCheckIgnore(dir: string, path: string): { source: string; line: number; pattern: string } | null {
  const out = git(dir, ['check-ignore', '-v', '--', path])?.trim();
  const match = out ? /^(.*?):(\d+):(.*)\t/.exec(out) : null;
  return match ? { source: match[1]!, line: Number(match[2]), pattern: match[3]! } : null;
}

const churnArgs = (maxCommits: number) => ['log', `-n${maxCommits}`, '--format=', '--name-only', '--relative', '--', '.'];

function countChurn(out: string | null): Map<string, number> {
  const churn = new Map<string, number>();
  if (!out) return churn;
  for (const line of out.split('\n')) {
    if (line) churn.set(line, (churn.get(line) ?? 0) + 1);
  }
  return churn;
}

/** Only the files git tracks (the index), relative to dir; null outside git. */
export function gitTrackedFiles(dir: string): string[] | null {
  const out = git(dir, ['ls-files', '-z', '--cached', '--', '.']);
  return out === null ? null : out.split('\0').filter(Boolean);
}

/** Commits touching each file over the recent history (relative to dir); empty outside git. */
export function gitChurn(dir: string, maxCommits = 500): Map<string, number> {
  return countChurn(git(dir, churnArgs(maxCommits)));
}

/** gitChurn without blocking the event loop. */
export async function gitChurnAsync(dir: string, maxCommits = 500): Promise<Map<string, number>> {
  return countChurn(await gitAsync(dir, churnArgs(maxCommits)));
}

/** user.name <user.email> when configured, for records such as suppressions. */
export function gitUser(dir: string): string | null {
  const name = git(dir, ['config', 'user.name'])?.trim();
  const email = git(dir, ['config', 'user.email'])?.trim();
  if (!name && !email) return null;
  return email ? `${name ?? ''} <${email}>`.trim() : (name ?? null);
}

// Resolves a diff request's refs to commits in the scanned repository, through the one git runner.
// A ref that names no commit is the caller's mistake: exit 2, naming the flag and the ref.
import { headCommit } from '../git/git.ts';
import { gitSync } from '../git/run.ts';
import { UsageError } from '../../foundations/errors.ts';
import type { DiffRequest, DiffScope } from './spec.ts';

/** The commit `ref` names, or a usage error naming the flag and the ref. */
export function resolveCommit(target: string, flag: string, ref: string): string {
  try {
    const out = gitSync(target, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]).trim();
    if (/^[0-9a-f]{40,64}$/.test(out)) return out;
  } catch {
    // Not a commit (or not a repository): said below.
  }
  throw new UsageError(`${flag}: '${ref}' does not name a commit in ${target}. Fetch it first (CI checkouts are often shallow: fetch-depth 0), or check the spelling.`);
}

function mergeBase(target: string, base: string, head: string, written: string): string {
  try {
    return gitSync(target, ['merge-base', base, head]).trim();
  } catch {
    throw new UsageError(`--diff ${written}: the two commits have no common ancestor (or the history is too shallow to find one); use '..' to diff from the base itself.`);
  }
}

/** The request with its commits: `from` where the diff starts, `to` for --diff. */
export function resolveDiff(target: string, request: DiffRequest): DiffScope {
  if (headCommit(target) === null && request.mode !== 'staged') {
    throw new UsageError(`--${request.mode} needs a git repository with at least one commit; ${target} has none.`);
  }
  if (request.mode === 'since') return { ...request, from: resolveCommit(target, '--since', request.base!) };
  if (request.mode === 'staged') {
    const head = headCommit(target);
    return head ? { ...request, from: head } : { ...request };
  }
  const written = `${request.base}${request.range}${request.head}`;
  const base = resolveCommit(target, '--diff', request.base!);
  const to = resolveCommit(target, '--diff', request.head!);
  // The scan reads the working tree: the head must be what is checked out, or the lines would not match.
  const checkedOut = headCommit(target);
  if (to !== checkedOut) {
    throw new UsageError(`--diff ${written}: '${request.head}' is ${to.slice(0, 12)}, but the checked-out commit is ${String(checkedOut).slice(0, 12)}. Check out the head first: the scan reads the working tree.`);
  }
  return { ...request, from: request.range === '...' ? mergeBase(target, base, to, written) : base, to };
}

// What the phases about to run need from the machine, checked before the first phase so a run never fails after
// a long scan for a reason known at the start: the fixer needs a git repository (its worktrees), and phases that
// run untrusted code (verify, repro, fixer) need a sandbox backend or the loudly named opt-out.
import { UsageError } from '../foundations/errors.ts';
import { gitTopLevel } from '../engines/git/git.ts';
import type { RunOptions } from '../engines/run/options.ts';
import { selectBackend } from '../engines/sandbox/select.ts';
import { SandboxUnavailableError } from '../engines/sandbox/types.ts';

const NEEDS_GIT = new Set(['fixer']);
const NEEDS_SANDBOX = new Set(['verify', 'repro', 'fixer']);

/** The flag that asks for a phase, for messages ("--fix needs …"). */
const FLAG_OF: Record<string, string> = { verify: '--verify', repro: '--repro', fixer: '--fix' };

/** Throws UsageError (exit 2) when the target is not in git and a phase needs it; SandboxUnavailableError (exit 3)
 * when a phase runs untrusted code and no backend can. `phases`: the names about to run. */
export function checkPreconditions(target: string, phases: readonly string[], options: Pick<RunOptions, 'sandboxBackend' | 'allowUnsandboxed'>): void {
  const git = phases.find((p) => NEEDS_GIT.has(p));
  if (git && !gitTopLevel(target)) {
    throw new UsageError(`${FLAG_OF[git]} needs a git repository (fixes are made in a git worktree), and ${target} is not inside one. Run it on a git checkout, or leave out ${FLAG_OF[git]}.`);
  }
  const sandboxed = phases.filter((p) => NEEDS_SANDBOX.has(p));
  if (sandboxed.length === 0) return;
  try {
    selectBackend({ backend: options.sandboxBackend ?? 'auto', allowUnsandboxed: options.allowUnsandboxed ?? false });
  } catch (error) {
    if (!(error instanceof SandboxUnavailableError)) throw error;
    const flags = sandboxed.map((p) => FLAG_OF[p]).join(', ');
    throw new SandboxUnavailableError(`${flags} run${sandboxed.length === 1 ? 's' : ''} untrusted code, and nothing was started: ${error.message}`, { cause: error });
  }
}
